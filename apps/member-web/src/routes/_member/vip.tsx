import { trpc } from '@app/client';
import { FREE_DAILY_TASK_LIMIT, VIP_DAILY_TASK_LIMIT, VIP_TRANSACTION_DIGITS, VIP_VALIDITY_DAYS } from '@app/contracts';
import { PageHeader, SectionCard } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { isKnownSignedOut } from '../../components/earning/member-data';
import { VipPendingBanner } from '../../components/vip/vip-pending-banner';
import { VipPlans } from '../../components/vip/vip-plans';
import { VipRejectedNotice } from '../../components/vip/vip-rejected-notice';
import { VipStatusCard } from '../../components/vip/vip-status-card';
import { translate } from '../../lib/language';
import { useSignedInUser } from '../../lib/signed-in-user';

export const Route = createFileRoute('/_member/vip')({
  // The status and the plans join the user in the first request instead of waiting for it.
  loader: ({ context }) => {
    if (isKnownSignedOut(context)) return;
    void context.trpc.vip.status.prefetch();
    void context.trpc.vip.plans.prefetch();
    void context.trpc.vip.paymentDetails.prefetch();
  },
  component: VipPage,
});

function VipPage() {
  const user = useSignedInUser();
  const status = trpc.vip.status.useQuery();
  const benefits = [
    translate('vip.benefitLimit', { vip: VIP_DAILY_TASK_LIMIT, free: FREE_DAILY_TASK_LIMIT }),
    translate('vip.benefitReward'),
    translate('vip.benefitDays', { days: VIP_VALIDITY_DAYS }),
    translate('vip.benefitPay', { digits: VIP_TRANSACTION_DIGITS }),
    translate('vip.benefitOptional'),
  ];
  return (
    <>
      <PageHeader title={translate('vip.title')} description={translate('vip.description')} />
      {/* A waiting request is said once, here at the top, with its reference and time (docs/screens.md#the-first-visit). */}
      {status.data?.vipPendingApproval && <VipPendingBanner status={status.data} />}
      {status.data?.lastRejection && <VipRejectedNotice rejection={status.data.lastRejection} />}
      <VipStatusCard status={status.data} failed={status.isError} />
      <VipPlans
        currentTier={status.data?.vipTier ?? user.vipTier}
        availableBalance={user.availableBalance}
        requestWaiting={status.data?.pendingSince != null}
      />
      <SectionCard title={translate('vip.benefits')}>
        <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
          {benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </SectionCard>
    </>
  );
}
