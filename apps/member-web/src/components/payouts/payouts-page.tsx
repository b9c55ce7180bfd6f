import { formatPesosAmount, PageHeader, StatCard } from '@app/ui';
import { Clock, Wallet } from 'lucide-react';
import { translate } from '../../lib/language';
import { useSignedInUser } from '../../lib/signed-in-user';
import { PushOfferOnce } from '../push/push-offer-once';
import { PayoutHistory } from './payout-history';
import { PayoutHoldBanner } from './payout-hold-banner';
import { PayoutRequestForm } from './payout-request-form';

/** The balance a member can withdraw, the request form and the requests so far (docs/screens.md#member-screens). */
export function PayoutsPage() {
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
