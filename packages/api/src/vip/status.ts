import type { VipStatus } from '@app/contracts';
import type { Db, UserRow } from '@app/db';
import { dailyProgress } from '../tasks/limits';

export async function vipStatus(db: Db, user: UserRow, now: Date, timeZone: string): Promise<VipStatus> {
  const [progress, pending] = await Promise.all([
    dailyProgress(db, user, now, timeZone),
    db.selectFrom('vipRequests').select('planId').where('userId', '=', user.id).where('status', '=', 'pending').executeTakeFirst(),
  ]);
  return {
    vipTier: progress.tier.tier,
    vipExpiresAt: progress.tier.expiresAt?.toISOString() ?? null,
    vipPendingApproval: user.vipPendingApproval,
    vipPaymentStatus: user.vipPaymentStatus,
    pendingVipTier: pending?.planId ?? null,
    dailyTaskLimit: progress.tier.dailyTaskLimit,
    tasksCompletedToday: progress.completedToday,
    tasksRemaining: progress.remaining,
  };
}
