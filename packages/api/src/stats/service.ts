import { type AdminStats, FREE_TIER, formatAmount } from '@app/contracts';
import type { Db } from '@app/db';
import { shareWhileRunning } from '../lib/shared-read';

/**
 * The dashboard's figures (docs/screens.md#records). Admins who ask while a count is running share it
 * rather than each starting one: the counts read every user. The answer says when it was counted (`updatedAt`).
 */
export function readAdminStats(db: Db, now: Date): Promise<AdminStats> {
  return shareWhileRunning(db, 'admin-stats', () => countAdminStats(db, now));
}

/** The figures counted by the database at `now`: cached user totals and the pending requests, never the ledger. */
async function countAdminStats(db: Db, now: Date): Promise<AdminStats> {
  const [users, vipRequests, payouts] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.countAll<number>().filterWhere('accountStatus', '=', 'active').as('active'),
        // A paid tier counts while it is in force (docs/product-rules.md#money-and-time: expiry is decided when read).
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
