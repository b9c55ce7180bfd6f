import { EmptyTable } from '@app/ui';

const COLUMNS = ['Date', 'Type', 'Description', 'Status', 'Amount'] as const;

/**
 * The transaction list of the dashboard and the history page (spec/member.md section 2). Rows arrive
 * with the transactions procedure; until then it states that there are none.
 */
export function TransactionTable({ emptyText }: { emptyText: string }) {
  return <EmptyTable columns={COLUMNS} message={emptyText} label="Transactions" />;
}
