import { formatAmount, type User } from '@app/contracts';
import type { Db, UserRow } from '@app/db';
import { effectiveTier } from '../vip/tier';

export async function countCompletedTasks(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('type', '=', 'earning')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user as members see themselves: live balances, the tier in force now, and the task count. */
export function toUser(row: UserRow, extra: { completedTasks: number; adminUnlocked: boolean; now: Date }): User {
  const tier = effectiveTier(row, extra.now);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isAdmin: row.isAdmin,
    accountStatus: row.accountStatus,
    vipTier: tier.tier,
    vipExpiresAt: tier.expiresAt?.toISOString() ?? null,
    vipPendingApproval: row.vipPendingApproval,
    referralCode: row.referralCode,
    referredBy: row.referredBy,
    referralCount: row.referralCount,
    totalEarnings: formatAmount(row.totalEarnings),
    availableBalance: formatAmount(row.availableBalance),
    pendingPayout: formatAmount(row.pendingPayout),
    totalPaidOut: formatAmount(row.totalPaidOut),
    referralEarnings: formatAmount(row.referralEarnings),
    completedTasks: extra.completedTasks,
    adminUnlocked: row.isAdmin && extra.adminUnlocked,
  };
}
