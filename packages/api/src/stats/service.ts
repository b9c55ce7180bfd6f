import { type AdminQueueCounts, type AdminStats, FREE_TIER, formatAmount, RISK_LEVELS } from '@app/contracts';
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

/**
 * How much each admin queue holds, for the console's navigation (docs/screens.md#admin-screens): one
 * statement of counts, each on its table's index, asked again whenever the live stream says a queue moved.
 * Admins who ask while it is running share it.
 */
export function countAdminQueues(db: Db): Promise<AdminQueueCounts> {
  return shareWhileRunning(db, 'admin-queue-counts', async () => {
    const row = await db
      .selectNoFrom((eb) => [
        eb.selectFrom('payouts').select(eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').as('pendingPayouts'),
        eb
          .selectFrom('payouts')
          .select(eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'approved')
          .where('sentAt', 'is', null)
          .as('unsentPayouts'),
        eb.selectFrom('vipRequests').select(eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').as('pendingVip'),
        eb.selectFrom('referrals').select(eb.fn.countAll<number>().as('n')).where('status', '=', 'held').as('heldReferrals'),
        eb.selectFrom('supportConversations').select(eb.fn.countAll<number>().as('n')).where('unread', '>', 0).as('unreadSupport'),
        eb.selectFrom('riskScores').select(eb.fn.countAll<number>().as('n')).where('score', '>=', RISK_LEVELS.high).as('riskHigh'),
      ])
      .executeTakeFirstOrThrow();
    return {
      pendingPayouts: Number(row.pendingPayouts),
      pendingVip: Number(row.pendingVip),
      heldReferrals: Number(row.heldReferrals),
      unreadSupport: Number(row.unreadSupport),
      riskHigh: Number(row.riskHigh),
      unsentPayouts: Number(row.unsentPayouts),
    };
  });
}
