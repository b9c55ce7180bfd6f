import { ADMIN_PAGE_SIZE, asPage } from '@app/contracts';
import { Pager } from '@app/ui';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { AdminTable, type AdminTableProps, byId, TableSearch } from './admin-table';

/** A paged admin list's query, as tRPC's useQuery returns it: one page, or (a queue asked for none) the documented array. */
interface PagedQuery<T> {
  data?: readonly T[] | { items: T[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/** Which page a paged admin list shows, from the first, and how the pager moves it. */
interface Paging {
  page: number;
  onPage: (page: number) => void;
}

/** A paged admin list's page and the input that asks the server for it. */
export function usePaging() {
  const [page, setPage] = useState(1);
  return { page, onPage: setPage, input: { page, pageSize: ADMIN_PAGE_SIZE } };
}

export interface PagedTableProps<T> extends Omit<AdminTableProps<T>, 'rows' | 'footer' | 'isPending' | 'isError' | 'onRetry'> {
  query: PagedQuery<T>;
  paging: Paging;
}

/** An admin list read a page at a time (users, logs, the ledger, the fraud review): its rows, then previous and next. */
export function PagedTable<T>({ query, paging, ...table }: PagedTableProps<T>) {
  const { items, total } = queuePage(query.data);
  return (
    <AdminTable
      {...table}
      rows={items}
      isPending={query.isPending}
      isError={query.isError}
      onRetry={() => void query.refetch()}
      footer={<Pager page={paging.page} pageSize={ADMIN_PAGE_SIZE} total={total} onPage={paging.onPage} />}
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
  const { input, ...paging } = usePaging();
  const [search, setSearch] = useState('');
  return {
    input: { ...input, search: search || undefined },
    searching: search !== '',
    paging,
    onSearch: (text: string) => {
      setSearch(text);
      paging.onPage(1);
    },
  };
}

/** What a queue says, from the message catalogue: its empty state, a search that finds nothing, a failed read. */
interface QueueTexts {
  empty: string;
  /** A sentence under the empty text: what will appear here, and when. */
  emptyHint: string;
  noMatch: string;
  /** A queue without its own text gets the general one. */
  loadFailed?: string;
}

/** All a queue says, defined beside its columns: the names of its table and search box, and its texts. */
export interface QueueWording {
  /** Names the table for screen readers. */
  label: string;
  searchLabel: string;
  /** The search box's hint, for a queue of something other than members. */
  searchPlaceholder?: string;
  texts: QueueTexts;
}

interface QueueTableProps<T> extends Pick<PagedTableProps<T>, 'columns' | 'query'> {
  wording: QueueWording;
  queue: ReturnType<typeof useQueueInput>;
  /** Controls for the rows as a whole, between the search and the table (a batch's selection). */
  toolbar?: ReactNode;
}

/** A queue an admin works through: a search box, one page of rows (records, told apart by their ids), and previous and next. */
export function QueueTable<T extends { id: string }>({
  wording: { label, searchLabel, searchPlaceholder = 'Member e-mail or name', texts },
  queue,
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
        label={label}
        rowKey={byId}
        errorText={texts.loadFailed}
        empty={queue.searching ? texts.noMatch : texts.empty}
        emptyHint={queue.searching ? undefined : texts.emptyHint}
        paging={queue.paging}
      />
    </div>
  );
}
