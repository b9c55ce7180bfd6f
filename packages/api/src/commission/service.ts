import { randomUUID } from 'node:crypto';
import {
  type CommissionStats,
  type CommissionStatsEdit,
  type CommissionTransaction,
  formatAmount,
  formatPesos,
  staffMessages,
} from '@app/contracts';
import type { Db } from '@app/db';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { holdToBalanceCeiling } from '../lib/balance-ceiling';
import { AppError } from '../lib/errors';
import {
  adjustmentSource,
  COMMISSION_STATS_EDIT,
  type EntryRow,
  FIGURE_NAMES,
  type Figure,
  figureOf,
  lockBalance,
  readFigures,
} from './ledger';

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
 * The % Dashboard's statistics editor (docs/product-rules.md#commission): writes one adjustment for upgrade
 * earnings and one for the rest, each only when it is not zero, so that the figures read exactly the given
 * values afterwards. Under the balance lock the figures are compared with those the admin saw: an earning
 * or a payout request since then is never silently undone, the edit is refused (409) with the figures as
 * they are now. The input schema holds each move to COMMISSION_EDIT_MAX_CENTAVOS; the balance may not be
 * raised above `balanceCeiling`. Both rows, and the admin log row with the figures before and after and the
 * reason, share one edit id. Like the earnings (recordCommission), the rows take the database's time, so
 * the ledger has one clock.
 */
export async function updateCommissionStats(
  db: Db,
  edit: CommissionStatsEdit,
  actor: AdminActor,
  balanceCeiling: number,
): Promise<CommissionStats> {
  return db.transaction().execute(async (trx) => {
    await lockBalance(trx);
    const before = await readFigures(trx);
    if (edit.expectedTotalBalance !== before.balance || edit.expectedUpgradeEarnings !== before.upgradeEarnings) {
      throw new AppError('CONFLICT', m.statsChanged(formatPesos(before.balance), formatPesos(before.upgradeEarnings)), {
        details: { currentTotalBalance: formatAmount(before.balance), currentUpgradeEarnings: formatAmount(before.upgradeEarnings) },
      });
    }
    holdToBalanceCeiling({ before: before.balance, after: edit.totalBalance }, balanceCeiling);
    const editId = randomUUID();
    const deltas: Record<Figure, number> = {
      upgrade: edit.upgradeEarnings - before.upgradeEarnings,
      payout: edit.totalBalance - edit.upgradeEarnings - (before.balance - before.upgradeEarnings),
    };
    const adjustments = (Object.keys(deltas) as Figure[])
      .filter((figure) => deltas[figure] !== 0)
      .map((figure) => ({
        kind: 'adjustment' as const,
        amount: deltas[figure],
        sourceId: adjustmentSource(figure, editId),
        description: m.adjustment(FIGURE_NAMES[figure], edit.reason),
        createdBy: actor.adminId,
      }));
    const entries = adjustments.length > 0 ? await trx.insertInto('commissionEntries').values(adjustments).returning('id').execute() : [];
    const stats = await readCommissionStats(trx);
    await logAdminAction(trx, actor, {
      action: COMMISSION_STATS_EDIT,
      targetId: editId,
      details: {
        before: { totalBalance: formatAmount(before.balance), upgradeEarnings: formatAmount(before.upgradeEarnings) },
        // The figures this edit set, not those read back: an earning or a payout decision does not take the
        // balance lock, and one committed meanwhile is its own entry with its own evidence, not this edit's.
        after: { totalBalance: formatAmount(edit.totalBalance), upgradeEarnings: formatAmount(edit.upgradeEarnings) },
        reason: edit.reason,
        // The entries the edit wrote, which the books check matches the log row with (docs/product-rules.md#evidence).
        commissionEntryIds: entries.map((entry) => entry.id),
      },
    });
    return stats;
  });
}
