import { PageHeader } from '@app/ui';
import { TransactionsTable } from './transactions-table';

/** /admin/transactions: every member's ledger, newest first. */
export function TransactionsPage() {
  return (
    <>
      <PageHeader title="Transactions" description="Every member's ledger rows, newest first." />
      <TransactionsTable />
    </>
  );
}
