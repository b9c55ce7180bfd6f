import { ADMIN_PAGE_SIZE, asPage, staffMessages } from '@app/contracts';
import {
  Button,
  Card,
  cn,
  Input,
  Pager,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from '@app/ui';
import { RefreshCw, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { shortId } from '../lib/labels';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /**
   * Shown from 1280 px only, so that a laptop's 1024 px fits the columns that matter and the actions: for a
   * value the row shows elsewhere (an id under the e-mail) or one that is the same on every row.
   */
  wideOnly?: boolean;
  /**
   * Stays at the table's right edge while the rest scrolls sideways: a row's actions, which a table wider
   * than its card (a laptop, the panel beside its menu) would otherwise push out of sight.
   */
  pinned?: boolean;
}

const WIDE_ONLY = 'hidden xl:table-cell';
const PINNED = 'sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';

function columnClass<T>(column: Column<T>): string | undefined {
  return cn(column.wideOnly && WIDE_ONLY, column.pinned && PINNED) || undefined;
}

/** A record id as tables show it: its start, the whole id on hover. */
export function ShortId({ id, title = id }: { id: string; title?: string }) {
  return (
    <span title={title} className="font-mono text-xs">
      {shortId(id)}
    </span>
  );
}

interface AdminTableProps<T> {
  /** Names the table for screen readers; the cards have no visible caption. */
  label: string;
  columns: readonly Column<T>[];
  /** Undefined while loading or after a failure. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  isPending: boolean;
  isError: boolean;
  /** The screen's empty text (docs/screens.md#admin-screens). */
  empty: string;
  /** A sentence under the empty text: what will appear here, and when. */
  emptyHint?: string;
  /** What a failed read says; a list without its own text gets the general one. */
  errorText?: string;
  /** Reads the list again, from the failure's Try again. */
  onRetry: () => void;
  /** Paging or other controls under the table. */
  footer?: ReactNode;
}

const SKELETON_ROWS = ['a', 'b', 'c'];

/**
 * Every admin list: its headings, then skeleton rows while loading, the failure text, the empty text
 * or the rows. One component, so the panel's tabs and the standalone pages show a list the same way.
 */
export function AdminTable<T>({
  label,
  columns,
  rows,
  rowKey,
  isPending,
  isError,
  empty,
  emptyHint,
  errorText,
  onRetry,
  footer,
}: AdminTableProps<T>) {
  let body: ReactNode;
  if (isPending) {
    body = SKELETON_ROWS.map((key) => (
      <TableRow key={key} className="hover:bg-transparent">
        <TableCell colSpan={columns.length}>
          <Skeleton className="h-6 w-full" />
        </TableCell>
      </TableRow>
    ));
  } else if (isError || !rows) {
    body = (
      <TableMessageRow colSpan={columns.length} className="grid justify-items-center gap-3 text-destructive" role="alert">
        {errorText ?? staffMessages.admin.screens.listLoadFailed}
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </TableMessageRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableMessageRow colSpan={columns.length} className="text-muted-foreground">
        <p className="font-medium text-foreground">{empty}</p>
        {emptyHint && <p className="mt-1 text-sm">{emptyHint}</p>}
      </TableMessageRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow key={rowKey(row)}>
        {columns.map((column) => (
          <TableCell key={column.header} className={cn(column.className, columnClass(column))}>
            {column.cell(row)}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <Card className="p-2">
      <Table aria-label={label} aria-busy={isPending || undefined}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((column) => (
              <TableHead key={column.header} className={columnClass(column)}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
      {footer}
    </Card>
  );
}

/** A list's search box: the server searches when it is sent (Enter or the button), not on every key. */
export function TableSearch({ label, placeholder, onSearch }: { label: string; placeholder: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is still unknown to some browsers and test DOMs.
    <form role="search" onSubmit={submit} className="flex flex-1 gap-2">
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="flex-1"
      />
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}

/** A queue's answer as one page, or nothing yet while it loads. */
export function queuePage<T>(data: readonly T[] | { items: T[]; total: number } | undefined): { items?: readonly T[]; total?: number } {
  return data === undefined ? {} : asPage(data);
}

/**
 * What a searchable, paged queue keeps: the page, the search, and the input to ask the server with. A new
 * search starts again from the first page.
 */
export function useQueueInput() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  return {
    input: { page, pageSize: ADMIN_PAGE_SIZE, search: search || undefined },
    searching: search !== '',
    page,
    setPage,
    onSearch: (text: string) => {
      setSearch(text);
      setPage(1);
    },
  };
}

interface QueueTableProps<T> extends Omit<AdminTableProps<T>, 'rows' | 'footer' | 'isPending' | 'isError' | 'onRetry'> {
  queue: ReturnType<typeof useQueueInput>;
  query: {
    data: readonly T[] | { items: T[]; total: number } | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => Promise<unknown>;
  };
  searchLabel: string;
  searchPlaceholder?: string;
  /** What the table says when a search finds nothing. */
  noMatch: string;
}

/** A queue an admin works through: a search box, one page of rows, and previous and next. */
export function QueueTable<T>({
  queue,
  query,
  searchLabel,
  searchPlaceholder = 'Member e-mail or name',
  noMatch,
  empty,
  emptyHint,
  ...table
}: QueueTableProps<T>) {
  const { items, total } = queuePage(query.data);
  return (
    // minmax(0, 1fr): the column may not grow to the table's width, which would widen the page on phones.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <TableSearch label={searchLabel} placeholder={searchPlaceholder} onSearch={queue.onSearch} />
      <AdminTable
        {...table}
        rows={items}
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        empty={queue.searching ? noMatch : empty}
        emptyHint={queue.searching ? undefined : emptyHint}
        footer={<Pager page={queue.page} pageSize={ADMIN_PAGE_SIZE} total={total} onPage={queue.setPage} />}
      />
    </div>
  );
}
