import { errorMessage } from '@app/client';
import { MEMBER_PAGE_SIZE } from '@app/contracts';
import { Card, CardHeader, CardTitle, ListTable, LoadError, Pager, Skeleton } from '@app/ui';
import type { ReactNode } from 'react';
import type { ListQuery } from '../lib/member-list';
import { stackedTable } from '../lib/stacked-table';
import { StackedTable } from './stacked-table';

interface HistoryCardProps<T, Column extends string> {
  title: string;
  /** Names the card's title and table for screen readers. */
  titleId: string;
  /** One page of the list (useMemberPage), newest first. */
  query: ListQuery<T>;
  page: number;
  onPage: (page: number) => void;
  /** The columns in order, each with its cells' classes (where a cell goes when the table stacks on a phone). */
  columns: Readonly<Record<Column, string>>;
  /** The columns' headings in the member's language, where they differ from the columns' names. */
  headings?: Readonly<Record<Column, string>>;
  /** What a screen reader hears while it loads, and for the empty table. */
  loadingLabel: string;
  emptyLabel: string;
  emptyMessage: string;
  loadFailedMessage: string;
  /** One row's cell contents, by column. */
  cells: (item: T) => Record<Column, ReactNode>;
  rowKey: (item: T) => string;
}

/**
 * A member's history list in a card: skeletons while loading, the server's reason with a retry on
 * failure, the screen's empty text, else a table that stacks into rows on a phone.
 */
export function HistoryCard<T, Column extends string>({
  title,
  titleId,
  query,
  columns,
  headings,
  loadingLabel,
  emptyLabel,
  emptyMessage,
  loadFailedMessage,
  cells,
  rowKey,
  page,
  onPage,
}: HistoryCardProps<T, Column>) {
  const names = Object.keys(columns) as Column[];
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <div className="px-2 pb-2">
        {query.isPending ? (
          <div role="status" aria-label={loadingLabel} className="grid gap-2 p-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : query.isError || !query.rows ? (
          <div className="p-3">
            <LoadError message={errorMessage(query.error, loadFailedMessage)} onRetry={() => void query.refetch()} />
          </div>
        ) : query.rows.length === 0 && page === 1 ? (
          <ListTable
            columns={names.map((name) => headings?.[name] ?? name)}
            label={emptyLabel}
            empty={emptyMessage}
            headerClassName={stackedTable.header}
          />
        ) : (
          <>
            <StackedTable aria-labelledby={titleId} columns={columns} headings={headings} rows={query.rows} rowKey={rowKey} cells={cells} />
            <Pager page={page} pageSize={MEMBER_PAGE_SIZE} total={query.total} onPage={onPage} />
          </>
        )}
      </div>
    </Card>
  );
}
