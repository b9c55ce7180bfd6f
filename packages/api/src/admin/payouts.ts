import { formatAmount, type Payout, type PayoutDecision, type PendingPayout } from '@app/contracts';
import type { Db } from '@app/db';
import { decidePayout, toPayout } from '../payouts/service';
import { effectiveTier } from '../vip/tier';
import { type AdminActor, logAdminAction } from './log';

/** Payouts waiting for a decision, oldest first, with who asked and whether their account is VIP now. */
export async function listPendingPayouts(db: Db, now: Date): Promise<PendingPayout[]> {
  const rows = await db
    .selectFrom('payouts as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select([
      'p.id',
      'p.userId',
      'u.firstName',
      'u.lastName',
      'p.amount',
      'p.paymentMethod',
      'p.paymentDetails',
      'p.status',
      'p.createdAt',
      'u.vipTier',
      'u.vipExpiresAt',
      'u.vipDailyTaskLimit',
      'u.vipRewardPerTask',
    ])
    .where('p.status', '=', 'pending')
    .orderBy('p.createdAt')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    amount: formatAmount(row.amount),
    paymentMethod: row.paymentMethod,
    paymentDetails: row.paymentDetails,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    vipTier: effectiveTier(row, now).tier,
  }));
}

/** Approves or declines a pending payout and logs the decision in the same transaction. */
export async function decidePayoutAsAdmin(
  db: Db,
  payoutId: string,
  decision: PayoutDecision,
  actor: AdminActor,
  now: Date,
): Promise<Payout> {
  return db.transaction().execute(async (trx) => {
    const payout = await decidePayout(trx, payoutId, decision, actor.adminId, now);
    await logAdminAction(trx, actor, {
      action: decision === 'approved' ? 'approve_payout' : 'decline_payout',
      targetId: payout.id,
      details: { userId: payout.userId, amount: formatAmount(payout.amount), paymentMethod: payout.paymentMethod },
    });
    return toPayout(payout);
  });
}
