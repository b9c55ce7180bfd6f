import { errorMessage } from '@app/client';
import { Card, CardHeader, CardTitle, EmptyTable, LoadError, Skeleton, Table, TableBody, TableHead, TableHeader, TableRow } from '@app/ui';
import type { ReactNode } from 'react';
import { stackedTable } from '../lib/stacked-table';

interface HistoryQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface HistoryCardProps<T> {
  title: string;
  /** Names the card's title and table for screen readers. */
  titleId: string;
  query: HistoryQuery<T>;
  columns: readonly string[];
  /** What a screen reader hears while it loads, and for the empty table. */
  loadingLabel: string;
  emptyLabel: string;
  emptyMessage: string;
  loadFailedMessage: string;
  /** One row's cells (TableCell elements). */
  renderCells: (item: T) => ReactNode;
  rowKey: (item: T) => string;
}

/**
 * A member's history list in a card: skeletons while loading, the server's reason with a retry on
 * failure, the screen's empty text, else a table that stacks into rows on a phone.
 */
export function HistoryCard<T>({
  title,
  titleId,
  query,
  columns,
  loadingLabel,
  emptyLabel,
  emptyMessage,
  loadFailedMessage,
  renderCells,
  rowKey,
}: HistoryCardProps<T>) {
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
        ) : query.isError || !query.data ? (
          <div className="p-3">
            <LoadError message={errorMessage(query.error, loadFailedMessage)} onRetry={() => void query.refetch()} />
          </div>
        ) : query.data.length === 0 ? (
          <EmptyTable columns={columns} label={emptyLabel} message={emptyMessage} />
        ) : (
          <Table role="table" aria-labelledby={titleId} className={stackedTable.table}>
            <TableHeader role="rowgroup" className={stackedTable.header}>
              <TableRow role="row" className="hover:bg-transparent">
                {columns.map((column) => (
                  <TableHead key={column} role="columnheader">
                    {column}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody role="rowgroup" className={stackedTable.body}>
              {query.data.map((item) => (
                <TableRow key={rowKey(item)} role="row" className={stackedTable.row}>
                  {renderCells(item)}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </Card>
  );
}
