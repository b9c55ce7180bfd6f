import { formatPesos, REFERRAL_BONUS_CENTAVOS, VIP_SPONSOR_BONUS_CENTAVOS } from '@app/contracts';
import { PageHeader } from '@app/ui';
import { translate } from '../../lib/language';
import { useSignedInUser } from '../../lib/signed-in-user';
import { ApplyCodeForm } from './apply-code-form';
import { ReferralLinkCard } from './referral-link-card';
import { ReferralOverview } from './referral-overview';

/** The member's link to share, a sponsor's code to enter once, and the friends invited (docs/screens.md#member-screens). */
export function ReferralsPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader
        title={translate('referrals.title')}
        description={translate('referrals.description', {
          first: formatPesos(REFERRAL_BONUS_CENTAVOS),
          vip: formatPesos(VIP_SPONSOR_BONUS_CENTAVOS),
        })}
      />
      <ReferralLinkCard code={user.referralCode} />
      {/* A member has one sponsor, for good (docs/screens.md#states). */}
      {!user.referredBy && <ApplyCodeForm />}
      <ReferralOverview user={user} />
    </>
  );
}
