import { formatAmount, type User } from '@app/contracts';
import type { UserRow } from '@app/db';
import { effectiveTier } from '../vip/tier';

/**
 * The user as members see themselves: live balances, the tier in force now, and the task count, all from
 * the user row the session brought (its cached balances and counts move with every ledger row).
 */
export function toUser(row: UserRow, extra: { adminUnlocked: boolean; now: Date }): User {
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
    completedTasks: Number(row.completedTasks),
    adminUnlocked: row.isAdmin && extra.adminUnlocked,
  };
}
