import { formatPesos, REFERRAL_BONUS_CENTAVOS, VIP_SPONSOR_BONUS_CENTAVOS } from '@app/contracts';
import { PageHeader } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { ApplyCodeForm } from '../../components/referrals/apply-code-form';
import { ReferralLinkCard } from '../../components/referrals/referral-link-card';
import { ReferralOverview } from '../../components/referrals/referral-overview';
import { translate } from '../../lib/language';
import { prefetchFirstPage } from '../../lib/member-list';
import { useSignedInUser } from '../../lib/signed-in-user';

export const Route = createFileRoute('/_member/referrals')({
  loader: prefetchFirstPage((trpc) => trpc.referrals.list),
  component: ReferralsPage,
});

function ReferralsPage() {
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
