import type { VipStatus } from '@app/contracts';
import type { Db, UserRow } from '@app/db';
import { sql } from 'kysely';
import { dailyProgress } from '../tasks/limits';

export async function vipStatus(db: Db, user: UserRow, now: Date, timeZone: string): Promise<VipStatus> {
  const [progress, latest] = await Promise.all([
    dailyProgress(db, user, now, timeZone),
    // One request tells both: the one waiting (at most one is), else the latest, refused or not.
    db
      .selectFrom('vipRequests')
      .select(['planId', 'status', 'reason', 'createdAt', 'decidedAt'])
      .where('userId', '=', user.id)
      .orderBy(sql`status = 'pending'`, 'desc')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const pending = latest?.status === 'pending' ? latest : undefined;
  const rejected = latest?.status === 'rejected' ? latest : undefined;
  return {
    vipTier: progress.tier.tier,
    vipExpiresAt: progress.tier.expiresAt?.toISOString() ?? null,
    vipPendingApproval: user.vipPendingApproval,
    vipPaymentStatus: user.vipPaymentStatus,
    pendingVipTier: pending?.planId ?? null,
    pendingSince: pending?.createdAt.toISOString() ?? null,
    lastRejection: rejected
      ? { vipTier: rejected.planId, reason: rejected.reason ?? '', at: (rejected.decidedAt ?? rejected.createdAt).toISOString() }
      : null,
    dailyTaskLimit: progress.tier.dailyTaskLimit,
    tasksCompletedToday: progress.completedToday,
    tasksRemaining: progress.remaining,
  };
}
