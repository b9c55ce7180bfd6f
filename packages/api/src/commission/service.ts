import { randomUUID } from 'node:crypto';
import { type CommissionStats, type CommissionTransaction, formatAmount, staffMessages } from '@app/contracts';
import type { Db } from '@app/db';
import { type AdminActor, logAdminAction } from '../activity/service';
import { adjustmentSource, type EntryRow, FIGURE_NAMES, type Figure, figureOf, lockBalance, readFigures } from './ledger';

const m = staffMessages.commission;

/** How many ledger rows the dashboards show. */
const RECENT_TRANSACTIONS = 20;

function toTransaction(row: EntryRow): CommissionTransaction {
  return {
    id: row.id,
    type: figureOf(row),
    description: row.description,
    date: row.createdAt.toISOString(),
    amount: formatAmount(row.amount),
  };
}

/** The commission stats of docs/screens.md#records, with the latest ledger rows. */
export async function readCommissionStats(db: Db): Promise<CommissionStats> {
  // One after the other: inside a transaction (the stats editor) both run on its one connection.
  const figures = await readFigures(db);
  const recent = await db
    .selectFrom('commissionEntries')
    .selectAll()
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_TRANSACTIONS)
    .execute();
  return {
    totalBalance: formatAmount(figures.balance),
    upgradeEarnings: formatAmount(figures.upgradeEarnings),
    payoutEarnings: formatAmount(figures.balance - figures.upgradeEarnings),
    totalUpgrades: figures.upgrades,
    totalPayouts: figures.payouts,
    recentTransactions: recent.map(toTransaction),
  };
}

/**
 * The % Dashboard's statistics editor: writes one adjustment for upgrade earnings and one for the rest,
 * each only when it is not zero, so that the figures read exactly the given values afterwards. Both
 * rows, and the admin log row with the figures before and after, share one edit id. Like the earnings
 * (recordCommission), the rows take the database's time, so the ledger has one clock.
 */
export async function updateCommissionStats(
  db: Db,
  wanted: { totalBalance: number; upgradeEarnings: number },
  actor: AdminActor,
): Promise<CommissionStats> {
  return db.transaction().execute(async (trx) => {
    await lockBalance(trx);
    const before = await readFigures(trx);
    const editId = randomUUID();
    const deltas: Record<Figure, number> = {
      upgrade: wanted.upgradeEarnings - before.upgradeEarnings,
      payout: wanted.totalBalance - wanted.upgradeEarnings - (before.balance - before.upgradeEarnings),
    };
    const adjustments = (Object.keys(deltas) as Figure[])
      .filter((figure) => deltas[figure] !== 0)
      .map((figure) => ({
        kind: 'adjustment' as const,
        amount: deltas[figure],
        sourceId: adjustmentSource(figure, editId),
        description: m.adjustment(FIGURE_NAMES[figure]),
        createdBy: actor.adminId,
      }));
    const entries = adjustments.length > 0 ? await trx.insertInto('commissionEntries').values(adjustments).returning('id').execute() : [];
    const stats = await readCommissionStats(trx);
    await logAdminAction(trx, actor, {
      action: 'update_commission_stats',
      targetId: editId,
      details: {
        before: { totalBalance: formatAmount(before.balance), upgradeEarnings: formatAmount(before.upgradeEarnings) },
        after: { totalBalance: stats.totalBalance, upgradeEarnings: stats.upgradeEarnings },
        // The entries the edit wrote, which the books check matches the log row with (docs/product-rules.md#evidence).
        commissionEntryIds: entries.map((entry) => entry.id),
      },
    });
    return stats;
  });
}
