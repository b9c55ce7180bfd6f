import { errorMessage } from '@app/client';
import { messages, signedAmount, type Transaction, type TransactionType } from '@app/contracts';
import type { MessageKey } from '@app/contracts/i18n';
import { Badge, type BadgeProps, DateAndTime, formatPesosAmount, ListTable, LoadError, Skeleton } from '@app/ui';
import { statusName, useLanguage } from '../../lib/language';
import type { ListQuery } from '../../lib/member-list';
import { mutedCell, stackedTable } from '../../lib/stacked-table';
import { StackedTable } from '../stacked-table';
import { ProofOfView } from './proof-of-view';

/** Each type's name, by the catalogue (docs/architecture.md#two-languages). */
const typeLabel = (type: TransactionType): MessageKey => `transactions.type.${type}`;

const STATUS_BADGE: Record<string, BadgeProps['variant']> = {
  completed: 'success',
  approved: 'success',
  paid: 'success',
  pending: 'warning',
  declined: 'destructive',
  rejected: 'destructive',
};

/** The amount as the statement writes it ("+₱1.50", "-₱150.00", "₱150.00"), coloured by its sign. */
function shownAmount({ amount, availableChange }: Pick<Transaction, 'amount' | 'availableChange'>) {
  const signed = signedAmount(amount, availableChange);
  const sign = signed.match(/^[+-]/)?.[0] ?? '';
  const text = `${sign}${formatPesosAmount(signed.slice(sign.length))}`;
  return { text, tone: sign === '+' ? 'text-success' : sign === '-' ? 'text-destructive' : 'text-foreground' };
}

interface TransactionTableProps {
  transactions: ListQuery<Transaction>;
  emptyText: string;
  /** Names the table for screen readers. */
  label: string;
  /** How many placeholder rows to show while loading. */
  loadingRows: number;
}

/*
 * Below the sm breakpoint each row stacks into two lines instead of scrolling sideways (the amount would
 * be off screen at 360 px): description and amount, then date, type and status.
 */
const COLUMNS = {
  Date: mutedCell('whitespace-nowrap max-sm:col-start-1 max-sm:row-start-2'),
  Type: mutedCell('whitespace-nowrap max-sm:col-start-2 max-sm:row-start-2'),
  Description: 'sm:min-w-48 max-sm:col-span-2 max-sm:col-start-1 max-sm:row-start-1 max-sm:p-0',
  Status: 'max-sm:col-start-3 max-sm:row-start-2 max-sm:justify-self-end max-sm:p-0',
  Amount: 'whitespace-nowrap text-right font-semibold tabular-nums max-sm:col-start-3 max-sm:row-start-1 max-sm:p-0',
};

/**
 * The transaction list of the dashboard and the history page (docs/screens.md#member-screens). Earnings open
 * their proof of view.
 */
export function TransactionTable({ transactions, emptyText, label, loadingRows }: TransactionTableProps) {
  const { t, m, formatDate } = useLanguage();
  if (transactions.isPending) {
    return (
      <div role="status" aria-label={t('transactions.loading')} className="grid gap-2 p-3">
        {Array.from({ length: loadingRows }, (_, index) => (
          <Skeleton key={index} className="h-10" />
        ))}
      </div>
    );
  }
  if (transactions.isError || !transactions.rows) {
    return (
      <div className="p-3">
        <LoadError
          message={errorMessage(transactions.error, m(messages.transactions.loadFailed))}
          onRetry={() => void transactions.refetch()}
        />
      </div>
    );
  }
  if (transactions.rows.length === 0)
    return <ListTable columns={Object.keys(COLUMNS)} empty={emptyText} label={label} headerClassName={stackedTable.header} />;

  return (
    <StackedTable
      aria-label={label}
      columns={COLUMNS}
      headClassName={{ Amount: 'text-right' }}
      rows={transactions.rows}
      rowKey={(transaction) => transaction.id}
      cells={(transaction) => ({
        // On a phone the time goes under the date, so that the date, the type and the status fit one line.
        Date: <DateAndTime iso={transaction.createdAt} timeBelow="phone" formatDay={formatDate} />,
        Type: t(typeLabel(transaction.type)),
        Description: (
          <div className="grid justify-items-start gap-1">
            {/* The ledger's own descriptions are said in the member's language; an admin's reason stays as written. */}
            <span className="break-words">{m(transaction.description)}</span>
            {transaction.proof && (
              <ProofOfView transaction={transaction} proof={transaction.proof} amount={shownAmount(transaction).text} />
            )}
          </div>
        ),
        Status: <Badge variant={STATUS_BADGE[transaction.status] ?? 'secondary'}>{statusName(transaction.status)}</Badge>,
        Amount: shownAmount(transaction).text,
      })}
      rowCellClassName={(transaction) => ({ Amount: shownAmount(transaction).tone })}
    />
  );
}
