import {
  type CommissionPayout,
  type CommissionTransaction,
  capitalize,
  formatDateTime,
  payoutMethodName,
  staffMessages,
} from '@app/contracts';
import { Badge, type BadgeProps, cn, formatPesosAmount, ListTable, TableCell, TableRow } from '@app/ui';
import type { ComponentProps, ReactNode } from 'react';

/**
 * Where the columns show. On a phone the tables keep the columns that matter most (date, amount, status)
 * and fold the others into a line under them, rather than hide them off-screen.
 */
const FROM_SM = 'hidden sm:table-cell';
const FROM_MD = 'hidden md:table-cell';

/** A list table whose cells are a little narrower on a phone, so the columns it keeps fit a 360-pixel screen. */
function NarrowListTable({ children, ...table }: Omit<ComponentProps<typeof ListTable>, 'rows' | 'className'> & { children: ReactNode[] }) {
  return <ListTable {...table} rows={children} className="[&_td]:px-2 [&_th]:px-2 sm:[&_td]:px-3 sm:[&_th]:px-3" />;
}

const TRANSACTION_COLUMNS = ['Date', { label: 'Type', className: FROM_SM }, 'Description', { label: 'Amount', className: 'text-right' }];

const TYPE_LABELS: Record<CommissionTransaction['type'], string> = { upgrade: 'VIP Upgrade', payout: 'Regular Payout' };

/** The latest commission ledger rows, newest first; an admin's downward adjustment shows in red. */
export function RecentTransactionsTable({ transactions }: { transactions: CommissionTransaction[] }) {
  return (
    <NarrowListTable
      label="Recent commission transactions"
      columns={TRANSACTION_COLUMNS}
      empty={staffMessages.commission.transactionsEmpty}
    >
      {transactions.map((transaction) => {
        const negative = transaction.amount.startsWith('-');
        return (
          <TableRow key={transaction.id}>
            <TableCell className="whitespace-nowrap align-top">{formatDateTime(transaction.date)}</TableCell>
            <TableCell className={cn(FROM_SM, 'whitespace-nowrap align-top')}>{TYPE_LABELS[transaction.type]}</TableCell>
            <TableCell className="align-top break-words sm:min-w-48">
              {transaction.description}
              <span className="block text-xs text-muted-foreground sm:hidden">{TYPE_LABELS[transaction.type]}</span>
            </TableCell>
            <TableCell
              className={cn(
                'whitespace-nowrap text-right align-top font-semibold tabular-nums',
                negative ? 'text-destructive' : 'text-success',
              )}
            >
              {negative ? formatPesosAmount(transaction.amount) : `+${formatPesosAmount(transaction.amount)}`}
            </TableCell>
          </TableRow>
        );
      })}
    </NarrowListTable>
  );
}

const PAYOUT_COLUMNS = [
  'Requested',
  'Amount',
  'Status',
  { label: 'Method', className: FROM_SM },
  { label: 'Account Details', className: FROM_MD },
  { label: 'Processed', className: FROM_SM },
  { label: 'Notes', className: FROM_MD },
];

const STATUS_BADGE: Record<CommissionPayout['status'], BadgeProps['variant']> = {
  pending: 'warning',
  approved: 'secondary',
  paid: 'success',
  rejected: 'destructive',
};

/** The operator's payout requests, newest first, with where each one stands. */
export function PayoutRequestsTable({ payouts }: { payouts: readonly CommissionPayout[] }) {
  return (
    <NarrowListTable label="Commission payout requests" columns={PAYOUT_COLUMNS} empty={staffMessages.commission.payoutsEmpty}>
      {payouts.map((payout) => {
        const processed = payout.processedAt ? formatDateTime(payout.processedAt) : '—';
        return (
          <TableRow key={payout.id}>
            <TableCell className="whitespace-nowrap align-top">{formatDateTime(payout.requestedAt)}</TableCell>
            <TableCell className="align-top">
              <span className="whitespace-nowrap font-medium tabular-nums">{formatPesosAmount(payout.amount)}</span>
              <span className="block max-w-40 text-xs break-words text-muted-foreground md:hidden">
                <span className="sm:hidden">{payoutMethodName(payout.paymentMethod)}: </span>
                {payout.accountDetails}
              </span>
            </TableCell>
            <TableCell className="align-top">
              <Badge variant={STATUS_BADGE[payout.status]}>{capitalize(payout.status)}</Badge>
              {payout.notes && <span className="mt-1 block text-xs text-muted-foreground md:hidden">{payout.notes}</span>}
            </TableCell>
            <TableCell className={cn(FROM_SM, 'whitespace-nowrap align-top')}>{payoutMethodName(payout.paymentMethod)}</TableCell>
            <TableCell className={cn(FROM_MD, 'max-w-64 min-w-40 align-top break-words whitespace-pre-line')}>
              {payout.accountDetails}
            </TableCell>
            <TableCell className={cn(FROM_SM, 'whitespace-nowrap align-top')}>{processed}</TableCell>
            <TableCell className={cn(FROM_MD, 'min-w-36 align-top text-muted-foreground')}>{payout.notes ?? '—'}</TableCell>
          </TableRow>
        );
      })}
    </NarrowListTable>
  );
}
