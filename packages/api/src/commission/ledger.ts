import type { CommissionEntriesTable, Db, Tx } from '@app/db';
import { type Selectable, sql } from 'kysely';

/*
 * The operator's commission ledger (docs/product-rules.md#decided-rules): what each VIP upgrade and member
 * payout earns, the stats editor's adjustments, and the figures read from them.
 */

export interface CommissionEarning {
  kind: 'upgrade' | 'payout';
  /** The VIP request or member payout that earned it: each earns once (unique per kind). */
  sourceId: string;
  amount: number;
  description: string;
}

/** Writes the operator's commission for an event, inside the event's own transaction. */
export async function recordCommission(trx: Tx, earning: CommissionEarning): Promise<void> {
  await trx
    .insertInto('commissionEntries')
    .values({ kind: earning.kind, sourceId: earning.sourceId, amount: earning.amount, description: earning.description })
    .execute();
}

/**
 * Serialises the calls that read the balance and then lower it (payout requests, the stats editor), so
 * two of them cannot both spend the same pesos. Earning only raises the balance and needs no lock. The
 * key is any fixed number that no other advisory lock of the product uses.
 */
const BALANCE_LOCK_KEY = 7_336_101_000_001;

export async function lockBalance(trx: Tx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(BALANCE_LOCK_KEY)})`.execute(trx);
}

/** The admin log action of a stats edit, whose row keeps the figures before and after and the reason. */
export const COMMISSION_STATS_EDIT = 'update_commission_stats';

/**
 * The admin whose stats edit was the latest to change the balance, or null: an edit that left the balance
 * as it was (the same figures, or only moving pesos between upgrade and payout earnings) does not count.
 * Read under the balance lock, which every edit holds while it writes its log row, so the log's order (its
 * chain's `seq`) is the order in which the edits changed the balance.
 */
export async function latestBalanceEditor(trx: Tx): Promise<string | null> {
  const row = await trx
    .selectFrom('adminLogs')
    .select('adminId')
    .where('action', '=', COMMISSION_STATS_EDIT)
    .where(sql<boolean>`details->'before'->>'totalBalance' IS DISTINCT FROM details->'after'->>'totalBalance'`)
    .orderBy(sql`seq DESC NULLS LAST`)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.adminId ?? null;
}

/**
 * An adjustment moves one of the two figures the stats editor sets; which one is kept in its source id,
 * `upgrade:<edit id>` or `payout:<edit id>`, where the edit id is also the admin log row's target.
 */
export type Figure = 'upgrade' | 'payout';
export const FIGURE_NAMES: Record<Figure, string> = { upgrade: 'upgrade earnings', payout: 'payout earnings' };
const sourcePrefix = (figure: Figure) => `${figure}:`;
export const adjustmentSource = (figure: Figure, editId: string) => `${sourcePrefix(figure)}${editId}`;
export const adjustedFigure = (sourceId: string | null): Figure => (sourceId?.startsWith(sourcePrefix('upgrade')) ? 'upgrade' : 'payout');

export type EntryRow = Selectable<CommissionEntriesTable>;

/** The figure a ledger row counts towards: the kind of an earning, the tagged figure of an adjustment. */
export const figureOf = (row: Pick<EntryRow, 'kind' | 'sourceId'>): Figure =>
  row.kind === 'adjustment' ? adjustedFigure(row.sourceId) : row.kind;

export interface Figures {
  /** Earned plus adjustments minus the payouts not rejected, in centavos. */
  balance: number;
  upgradeEarnings: number;
  upgrades: number;
  payouts: number;
}

/** The figures in one statement, so they agree with each other at one instant. */
export async function readFigures(db: Db): Promise<Figures> {
  const row = await db
    .selectFrom('commissionEntries')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('earned'),
      eb.fn
        .coalesce(
          eb.fn
            .sum<number>('amount')
            .filterWhere((f) =>
              f.or([
                f('kind', '=', 'upgrade'),
                f.and([f('kind', '=', 'adjustment'), f('sourceId', 'like', `${sourcePrefix('upgrade')}%`)]),
              ]),
            ),
          eb.lit(0),
        )
        .as('upgradeEarnings'),
      eb.fn.countAll<number>().filterWhere('kind', '=', 'upgrade').as('upgrades'),
      eb.fn.countAll<number>().filterWhere('kind', '=', 'payout').as('payouts'),
      eb
        .selectFrom('commissionPayouts')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('amount'), sub.lit(0)).as('amount'))
        .where('status', '!=', 'rejected')
        .as('paidOut'),
    ])
    .executeTakeFirstOrThrow();
  return {
    balance: Number(row.earned) - Number(row.paidOut),
    upgradeEarnings: Number(row.upgradeEarnings),
    upgrades: Number(row.upgrades),
    payouts: Number(row.payouts),
  };
}
