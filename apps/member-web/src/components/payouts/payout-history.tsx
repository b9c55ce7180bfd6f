import { capitalize, formatDate, messages, type Payout } from '@app/contracts';
import {
  Badge,
  type BadgeProps,
  Card,
  CardHeader,
  CardTitle,
  cn,
  EmptyTable,
  formatPesosAmount,
  LoadError,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  trpc,
} from '@app/ui';
import { stackedTable } from '../../lib/stacked-table';

const COLUMNS = ['Date', 'Method', 'Amount', 'Details', 'Status'] as const;

/** On a phone: amount, method and date on the first line, the details, then the status and its steps. */
const CELL: Record<(typeof COLUMNS)[number], string> = {
  Date: cn('whitespace-nowrap sm:align-top', stackedTable.muted, 'max-sm:col-start-3 max-sm:row-start-1 max-sm:justify-self-end'),
  Method: cn('whitespace-nowrap sm:align-top', stackedTable.muted, 'max-sm:col-start-2 max-sm:row-start-1'),
  Amount: 'whitespace-nowrap font-semibold tabular-nums sm:align-top max-sm:col-start-1 max-sm:row-start-1 max-sm:p-0',
  Details: 'break-words whitespace-pre-line sm:max-w-64 sm:min-w-40 sm:align-top max-sm:col-span-3 max-sm:row-start-2 max-sm:p-0',
  Status: 'sm:min-w-44 sm:align-top max-sm:col-span-3 max-sm:row-start-3 max-sm:p-0',
};

const STATUS_BADGE: Record<Payout['status'], BadgeProps['variant']> = {
  pending: 'warning',
  approved: 'success',
  declined: 'destructive',
};

/** The member's payout requests, newest first, each with how far it has come. */
export function PayoutHistory() {
  const payouts = trpc.payouts.list.useQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="payout-history-title">Payout History</CardTitle>
      </CardHeader>
      <div className="px-2 pb-2">
        {payouts.isPending ? (
          <div role="status" aria-label="Loading payouts" className="grid gap-2 p-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : payouts.isError ? (
          <div className="p-3">
            <LoadError error={payouts.error} fallback={messages.payouts.historyLoadFailed} onRetry={() => void payouts.refetch()} />
          </div>
        ) : payouts.data.length === 0 ? (
          <EmptyTable columns={COLUMNS} label="Payout history" message={messages.payouts.historyEmpty} />
        ) : (
          <Table role="table" aria-labelledby="payout-history-title" className={stackedTable.table}>
            <TableHeader role="rowgroup" className={stackedTable.header}>
              <TableRow role="row" className="hover:bg-transparent">
                {COLUMNS.map((column) => (
                  <TableHead key={column} role="columnheader">
                    {column}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody role="rowgroup" className={stackedTable.body}>
              {payouts.data.map((payout) => (
                <TableRow key={payout.id} role="row" className={stackedTable.row}>
                  <TableCell role="cell" className={CELL.Date}>
                    {formatDate(payout.createdAt)}
                  </TableCell>
                  <TableCell role="cell" className={CELL.Method}>
                    {payout.paymentMethod}
                  </TableCell>
                  <TableCell role="cell" className={CELL.Amount}>
                    {formatPesosAmount(payout.amount)}
                  </TableCell>
                  <TableCell role="cell" className={CELL.Details}>
                    {payout.paymentDetails}
                  </TableCell>
                  <TableCell role="cell" className={CELL.Status}>
                    <Badge variant={STATUS_BADGE[payout.status]}>{capitalize(payout.status)}</Badge>
                    <PayoutTimeline timeline={payout.timeline} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </div>
    </Card>
  );
}

/** Requested, then approved or declined, each with its date and any note from the team. */
function PayoutTimeline({ timeline }: { timeline: Payout['timeline'] }) {
  return (
    <ol aria-label="Progress" className="mt-2 grid gap-1 border-l pl-3 text-xs text-muted-foreground">
      {timeline.map((step) => (
        <li key={step.status}>
          <span className="font-medium text-foreground">{capitalize(step.status)}</span> {formatDate(step.at)}
          {step.note && <span className="block break-words">{step.note}</span>}
        </li>
      ))}
    </ol>
  );
}
