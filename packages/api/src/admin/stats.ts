import { type AdminStats, FREE_TIER, formatAmount } from '@app/contracts';
import type { Db } from '@app/db';

/** The dashboard's figures, counted by the database at `now` (spec/admin.md section 3). */
export async function readAdminStats(db: Db, now: Date): Promise<AdminStats> {
  const [users, vipRequests, payouts] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('accountStatus', '=', 'active').as('active'),
        // A paid tier counts while it is in force (DESIGN.md section 4: expiry is decided when read).
        eb.fn
          .countAll<number>()
          .filterWhere((f) => f.and([f('vipTier', '!=', FREE_TIER), f('vipExpiresAt', '>', now)]))
          .as('vip'),
        eb.fn.coalesce(eb.fn.sum<number>('totalEarnings'), eb.lit(0)).as('earnings'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('vipRequests')
      .select((eb) => eb.fn.countAll<number>().as('pending'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payouts')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalUsers: Number(users.total),
    activeUsers: Number(users.active),
    vipUsers: Number(users.vip),
    pendingVipApprovals: Number(vipRequests.pending),
    pendingPayouts: formatAmount(Number(payouts.amount)),
    pendingPayoutCount: Number(payouts.count),
    totalEarnings: formatAmount(Number(users.earnings)),
    updatedAt: now.toISOString(),
  };
}
