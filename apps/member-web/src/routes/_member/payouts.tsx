import { formatPesosAmount, PageHeader, StatCard } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Clock, Wallet } from 'lucide-react';
import { PayoutHistory } from '../../components/payouts/payout-history';
import { PayoutHoldBanner } from '../../components/payouts/payout-hold-banner';
import { PayoutRequestForm } from '../../components/payouts/payout-request-form';
import { PushOfferOnce } from '../../components/push/push-offer-once';
import { translate } from '../../lib/language';
import { prefetchFirstPage } from '../../lib/member-list';
import { useSignedInUser } from '../../lib/signed-in-user';

export const Route = createFileRoute('/_member/payouts')({
  loader: prefetchFirstPage((trpc) => trpc.payouts.list),
  component: PayoutsPage,
});

function PayoutsPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title={translate('payouts.title')} description={translate('payouts.description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard label={translate('payouts.availableBalance')} value={formatPesosAmount(user.availableBalance)} icon={Wallet} />
        <StatCard label={translate('payouts.pending')} value={formatPesosAmount(user.pendingPayout)} icon={Clock} />
      </div>
      <PayoutHoldBanner hold={user.payoutHold} />
      <PushOfferOnce user={user} />
      <PayoutRequestForm availableBalance={user.availableBalance} onHold={user.payoutHold !== null} />
      <PayoutHistory />
    </>
  );
}
