import { messages } from '@app/contracts';
import { Card, PageHeader } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { TransactionTable } from '../../components/transaction-table';

export const Route = createFileRoute('/_member/history')({
  component: HistoryPage,
});

function HistoryPage() {
  return (
    <>
      <PageHeader title="Transaction History" description="Every earning, bonus and payout on your account." />
      <Card className="p-2">
        <TransactionTable emptyText={messages.transactions.emptyHistory} />
      </Card>
    </>
  );
}
