import { trpc } from '@app/client';
import { FREE_DAILY_TASK_LIMIT, VIP_DAILY_TASK_LIMIT, VIP_TRANSACTION_DIGITS, VIP_VALIDITY_DAYS } from '@app/contracts';
import { PageHeader, SectionCard } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { isKnownSignedOut } from '../../components/earning/member-data';
import { VipPendingBanner } from '../../components/vip/vip-pending-banner';
import { VipPlans } from '../../components/vip/vip-plans';
import { VipRejectedNotice } from '../../components/vip/vip-rejected-notice';
import { VipStatusCard } from '../../components/vip/vip-status-card';
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

const BENEFITS = [
  `Up to ${VIP_DAILY_TASK_LIMIT} tasks a day instead of ${FREE_DAILY_TASK_LIMIT}.`,
  'A fixed reward for every task, set by your plan, in place of each task’s own reward.',
  `Each plan lasts ${VIP_VALIDITY_DAYS} days. Buying another plan replaces the current one.`,
  `Pay by G-CASH with your ${VIP_TRANSACTION_DIGITS}-digit reference number (active once our team verifies the payment), or pay from your earnings and it is active at once.`,
  'VIP is optional: free members can complete tasks and request payouts too.',
] as const;

function VipPage() {
  const user = useSignedInUser();
  const status = trpc.vip.status.useQuery();
  return (
    <>
      <PageHeader title="VIP Membership" description="Complete more tasks a day and earn more for each one." />
      {status.data?.vipPendingApproval && <VipPendingBanner status={status.data} />}
      {status.data?.lastRejection && <VipRejectedNotice rejection={status.data.lastRejection} />}
      <VipStatusCard status={status.data} failed={status.isError} />
      <VipPlans
        currentTier={status.data?.vipTier ?? user.vipTier}
        availableBalance={user.availableBalance}
        pendingSince={status.data?.pendingSince ?? null}
      />
      <SectionCard title="VIP benefits">
        <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </SectionCard>
    </>
  );
}
