import { ADMIN_PAGE_SIZE, messages } from '@app/contracts';
import { Button, Card, Input, Skeleton, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@app/ui';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
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
  /** What a failed read says; a list without its own text gets the general one. */
  errorText?: string;
  /** Paging or other controls under the table. */
  footer?: ReactNode;
}

const SKELETON_ROWS = ['a', 'b', 'c'];

/**
 * Every admin list: its headings, then skeleton rows while loading, the failure text, the empty text
 * or the rows. One component, so the panel's tabs and the standalone pages show a list the same way.
 */
export function AdminTable<T>({ label, columns, rows, rowKey, isPending, isError, empty, errorText, footer }: AdminTableProps<T>) {
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
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columns.length} className="py-10 text-center text-destructive" role="alert">
          {errorText ?? messages.admin.screens.listLoadFailed}
        </TableCell>
      </TableRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableRow className="hover:bg-transparent">
        <TableCell colSpan={columns.length} className="py-10 text-center text-muted-foreground">
          {empty}
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow key={rowKey(row)}>
        {columns.map((column) => (
          <TableCell key={column.header} className={column.className}>
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
              <TableHead key={column.header}>{column.header}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>{body}</TableBody>
      </Table>
      {footer}
    </Card>
  );
}

interface PagerProps {
  page: number;
  pageSize: number;
  total: number | undefined;
  onPage: (page: number) => void;
}

/** Previous and next for the lists the server pages (users, logs, transactions). */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-end gap-2 border-t px-2 pt-2">
      <span className="text-sm text-muted-foreground">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
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

/** A queue's answer as one page, whichever shape the call came back in (the apps always ask for a page). */
function queuePage<T>(data: readonly T[] | { items: T[]; total: number } | undefined): { items?: readonly T[]; total?: number } {
  if (data === undefined) return {};
  return Array.isArray(data) ? { items: data, total: data.length } : (data as { items: T[]; total: number });
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

interface QueueTableProps<T> extends Omit<AdminTableProps<T>, 'rows' | 'footer' | 'isPending' | 'isError'> {
  queue: ReturnType<typeof useQueueInput>;
  query: { data: readonly T[] | { items: T[]; total: number } | undefined; isPending: boolean; isError: boolean };
  searchLabel: string;
  /** What the table says when a search finds nothing. */
  noMatch: string;
}

/** A queue an admin works through: a search box, one page of rows, and previous and next. */
export function QueueTable<T>({ queue, query, searchLabel, noMatch, empty, ...table }: QueueTableProps<T>) {
  const { items, total } = queuePage(query.data);
  return (
    <div className="grid gap-3">
      <TableSearch label={searchLabel} placeholder="Member e-mail or name" onSearch={queue.onSearch} />
      <AdminTable
        {...table}
        rows={items}
        isPending={query.isPending}
        isError={query.isError}
        empty={queue.searching ? noMatch : empty}
        footer={<Pager page={queue.page} pageSize={ADMIN_PAGE_SIZE} total={total} onPage={queue.setPage} />}
      />
    </div>
  );
}
