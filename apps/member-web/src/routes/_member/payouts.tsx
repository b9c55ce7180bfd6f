import { formatPesos, PAYOUT_MAX_CENTAVOS, PAYOUT_METHODS, PAYOUT_MIN_CENTAVOS } from '@app/contracts';
import {
  Badge,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyTable,
  formatPesosAmount,
  PageHeader,
  StatCard,
} from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Clock, Wallet } from 'lucide-react';
import { useSignedInUser } from '../../lib/signed-in-user';

export const Route = createFileRoute('/_member/payouts')({
  component: PayoutsPage,
});

function PayoutsPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Payouts" description="Cash out your available balance and follow each request." />
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard label="Available Balance" value={formatPesosAmount(user.availableBalance)} icon={Wallet} />
        <StatCard label="Pending Payouts" value={formatPesosAmount(user.pendingPayout)} icon={Clock} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Payout rules</CardTitle>
          <CardDescription>
            Minimum payout {formatPesos(PAYOUT_MIN_CENTAVOS)}, maximum {formatPesos(PAYOUT_MAX_CENTAVOS)} per request. Requests are
            processed within 3-7 business days.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p className="text-sm font-medium">Payment methods</p>
          <ul className="flex flex-wrap gap-2">
            {PAYOUT_METHODS.map((method) => (
              <li key={method}>
                <Badge variant="secondary">{method}</Badge>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Payout History</CardTitle>
        </CardHeader>
        <div className="px-2 pb-2">
          <EmptyTable columns={['Date', 'Method', 'Amount', 'Details', 'Status']} message="No payout requests yet" label="Payout history" />
        </div>
      </Card>
    </>
  );
}
