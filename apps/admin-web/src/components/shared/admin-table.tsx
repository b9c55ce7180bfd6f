import { staffMessages } from '@app/contracts';
import {
  Button,
  Card,
  cn,
  Input,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
  useMediaQuery,
} from '@app/ui';
import { RefreshCw, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { shortId } from '../../lib/labels';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /**
   * Shown on wide screens only (WIDE), so that a laptop's 1024 px fits the columns that matter and the
   * actions: for a value the row shows elsewhere (an id under the e-mail) or one that is the same on every row.
   */
  wideOnly?: boolean;
  /**
   * Below WIDE, its value moves into the row's `main` cell as a labelled line instead of a column of its
   * own: every value stays readable at 1024 px, and no column is clipped (docs/screens.md#admin-console).
   */
  collapse?: boolean;
  /** The cell that takes the collapsed columns' values below WIDE: the row's name. */
  main?: boolean;
  /**
   * Stays at the table's right edge while the rest scrolls sideways: a row's actions, which a table wider
   * than its card would otherwise push out of sight.
   */
  pinned?: boolean;
  /** The heading is for screen readers only (a column of checkboxes). */
  headerHidden?: boolean;
}

/** From here every column of a table has room of its own beside the console's navigation. */
const WIDE = '(min-width: 1440px)';
const WIDE_ONLY = 'hidden min-[1440px]:table-cell';
const PINNED = 'sticky right-0 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';

function columnClass<T>(column: Column<T>): string | undefined {
  return cn(column.wideOnly && WIDE_ONLY, column.pinned && PINNED) || undefined;
}

/** The collapsed columns' values, under the row's main cell. */
function CollapsedValues<T>({ columns, row }: { columns: readonly Column<T>[]; row: T }) {
  return (
    <dl className="mt-2 grid gap-1 text-xs">
      {columns.map((column) => (
        <div key={column.header} className="flex flex-wrap items-baseline gap-x-1">
          <dt className="text-muted-foreground">{column.header}:</dt>
          <dd className="min-w-0 break-words">{column.cell(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A record id as tables show it: its start, the whole id on hover. */
export function ShortId({ id, title = id }: { id: string; title?: string }) {
  return (
    <span title={title} className="font-mono text-xs">
      {shortId(id)}
    </span>
  );
}

/** A record id's column, from WIDE only: a laptop's width goes to the columns that matter. */
export function idColumn<T>(header: string, id: (row: T) => string): Column<T> {
  return { header, cell: (row) => <ShortId id={id(row)} />, wideOnly: true };
}

/** The id in a row's main cell below WIDE, where its own column (idColumn) is hidden. */
export function IdBelowWide({ id }: { id: string }) {
  return (
    <span className="text-muted-foreground min-[1440px]:hidden">
      <ShortId id={id} />
    </span>
  );
}

/** A member's e-mail over their id (`children`, as the row shows it). */
export function EmailOverId({ email, children }: { email: string; children: ReactNode }) {
  return (
    <span className="grid gap-0.5">
      <span className="break-all">{email}</span>
      {children}
    </span>
  );
}

export interface AdminTableProps<T> {
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

/** The row key of a list whose rows are records with ids. */
export const byId = (row: { id: string }) => row.id;

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
  const wide = useMediaQuery(WIDE, false);
  const shown = wide ? columns : columns.filter((column) => !column.collapse);
  const collapsed = wide ? [] : columns.filter((column) => column.collapse);
  let body: ReactNode;
  if (isPending) {
    body = SKELETON_ROWS.map((key) => (
      <TableRow key={key} className="hover:bg-transparent">
        <TableCell colSpan={shown.length}>
          <Skeleton className="h-6 w-full" />
        </TableCell>
      </TableRow>
    ));
  } else if (isError || !rows) {
    body = (
      <TableMessageRow colSpan={shown.length} className="grid justify-items-center gap-3 text-destructive" role="alert">
        {errorText ?? staffMessages.admin.screens.listLoadFailed}
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </TableMessageRow>
    );
  } else if (rows.length === 0) {
    body = (
      <TableMessageRow colSpan={shown.length} className="text-muted-foreground">
        <p className="font-medium text-foreground">{empty}</p>
        {emptyHint && <p className="mt-1 text-sm">{emptyHint}</p>}
      </TableMessageRow>
    );
  } else {
    // Each row takes the focus itself (tabIndex -1), so that j and k can walk the rows (console/shortcuts.tsx).
    body = rows.map((row) => (
      <TableRow
        key={rowKey(row)}
        data-row=""
        tabIndex={-1}
        className="outline-none focus-visible:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        {shown.map((column) => (
          <TableCell key={column.header} className={cn(column.className, columnClass(column))}>
            {column.cell(row)}
            {column.main && collapsed.length > 0 && <CollapsedValues columns={collapsed} row={row} />}
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
            {shown.map((column) => (
              <TableHead key={column.header} className={columnClass(column)}>
                {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
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
