import { COMMISSION_PER_UPGRADE_CENTAVOS } from '@app/contracts';
import type { Tx, VipPlanRow } from '@app/db';
import { recordCommission } from '../commission/entries';

/**
 * Starts a plan for a member now, replacing any running one, with the plan's terms copied onto the
 * member (docs/product-rules.md#decided-rules) so a later edit of the plan does not change it; and earns the operator's
 * upgrade commission for the request. Call inside the transaction that paid for it.
 */
export async function activatePlan(trx: Tx, input: { userId: string; plan: VipPlanRow; requestId: string; now: Date }): Promise<void> {
  const { plan, now } = input;
  await trx
    .updateTable('users')
    .set({
      vipTier: plan.id,
      vipExpiresAt: new Date(now.getTime() + plan.validityDays * 24 * 60 * 60 * 1000),
      vipDailyTaskLimit: plan.dailyTaskLimit,
      vipRewardPerTask: plan.rewardPerTask,
      vipPendingApproval: false,
      vipPaymentStatus: 'approved',
      updatedAt: now,
    })
    .where('id', '=', input.userId)
    .execute();
  await recordCommission(trx, {
    kind: 'upgrade',
    sourceId: input.requestId,
    amount: COMMISSION_PER_UPGRADE_CENTAVOS,
    description: `VIP upgrade to ${plan.name}`,
  });
}
