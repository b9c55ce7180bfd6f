import { formatPesosAmount, PageHeader, StatCard } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Clock, Wallet } from 'lucide-react';
import { isKnownSignedOut } from '../../components/earning/member-data';
import { PayoutHistory } from '../../components/payouts/payout-history';
import { PayoutHoldBanner } from '../../components/payouts/payout-hold-banner';
import { PayoutRequestForm } from '../../components/payouts/payout-request-form';
import { FIRST_PAGE } from '../../lib/member-list';
import { useSignedInUser } from '../../lib/signed-in-user';

export const Route = createFileRoute('/_member/payouts')({
  // The history joins the user in the first request instead of waiting for it.
  loader: ({ context }) => {
    if (!isKnownSignedOut(context)) void context.trpc.payouts.list.prefetch(FIRST_PAGE);
  },
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
      <PayoutHoldBanner hold={user.payoutHold} />
      <PayoutRequestForm onHold={user.payoutHold !== null} />
      <PayoutHistory />
    </>
  );
}
