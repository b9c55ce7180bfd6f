import { ADMIN_PAGE_SIZE, asPage } from '@app/contracts';
import { Pager } from '@app/ui';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { AdminTable, type AdminTableProps, TableSearch } from './admin-table';

/** A paged admin list's query, as tRPC's useQuery returns it: one page, or (a queue asked for none) the documented array. */
interface PagedQuery<T> {
  data?: readonly T[] | { items: T[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

export interface PagedTableProps<T> extends Omit<AdminTableProps<T>, 'rows' | 'footer' | 'isPending' | 'isError' | 'onRetry'> {
  query: PagedQuery<T>;
  page: number;
  onPage: (page: number) => void;
}

/** An admin list read a page at a time (users, logs, the ledger, the fraud review): its rows, then previous and next. */
export function PagedTable<T>({ query, page, onPage, ...table }: PagedTableProps<T>) {
  const { items, total } = queuePage(query.data);
  return (
    <AdminTable
      {...table}
      rows={items}
      isPending={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      footer={<Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={total} onPage={onPage} />}
    />
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

interface QueueTableProps<T> extends Omit<PagedTableProps<T>, 'page' | 'onPage'> {
  queue: ReturnType<typeof useQueueInput>;
  searchLabel: string;
  searchPlaceholder?: string;
  /** What the table says when a search finds nothing. */
  noMatch: string;
  /** Controls for the rows as a whole, between the search and the table (a batch's selection). */
  toolbar?: ReactNode;
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
  toolbar,
  ...table
}: QueueTableProps<T>) {
  return (
    // minmax(0, 1fr): the column may not grow to the table's width, which would widen the page on phones.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <TableSearch label={searchLabel} placeholder={searchPlaceholder} onSearch={queue.onSearch} />
      {toolbar}
      <PagedTable
        {...table}
        query={query}
        empty={queue.searching ? noMatch : empty}
        emptyHint={queue.searching ? undefined : emptyHint}
        page={queue.page}
        onPage={queue.setPage}
      />
    </div>
  );
}
