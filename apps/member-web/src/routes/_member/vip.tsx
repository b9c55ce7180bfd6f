import {
  FREE_DAILY_TASK_LIMIT,
  FREE_TIER,
  formatDate,
  VIP_DAILY_TASK_LIMIT,
  VIP_TRANSACTION_DIGITS,
  VIP_VALIDITY_DAYS,
} from '@app/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle, PageHeader } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Crown } from 'lucide-react';
import { useSignedInUser } from '../../lib/signed-in-user';
import { tierLabel } from '../../lib/tier';

export const Route = createFileRoute('/_member/vip')({
  component: VipPage,
});

const BENEFITS = [
  `Up to ${VIP_DAILY_TASK_LIMIT} tasks a day instead of ${FREE_DAILY_TASK_LIMIT}.`,
  'A higher reward for every task, set by your plan.',
  `Each plan lasts ${VIP_VALIDITY_DAYS} days. Buying another plan replaces the current one.`,
  `Pay by G-CASH with your ${VIP_TRANSACTION_DIGITS}-digit transaction number (active once our team verifies the payment), or pay from your earnings and it is active at once.`,
] as const;

function VipPage() {
  const user = useSignedInUser();
  const isVip = user.vipTier !== FREE_TIER;
  return (
    <>
      <PageHeader title="VIP Membership" description="Complete more tasks a day and earn more for each one." />
      <Card>
        <CardHeader className="flex-row items-center gap-4">
          <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-soft">
            <Crown className="size-6 text-primary" aria-hidden="true" />
          </div>
          <div className="grid gap-1">
            <CardTitle>Your membership</CardTitle>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant={isVip ? 'default' : 'secondary'}>{tierLabel(user.vipTier)}</Badge>
              {isVip && user.vipExpiresAt && <span>Active until {formatDate(user.vipExpiresAt)}</span>}
              {user.vipPendingApproval && <Badge variant="warning">Upgrade pending approval</Badge>}
            </div>
          </div>
        </CardHeader>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>VIP benefits</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}
