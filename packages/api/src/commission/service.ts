import { randomUUID } from 'node:crypto';
import {
  COMMISSION_PAYOUT_TRANSITIONS,
  type CommissionPayout,
  type CommissionPayoutStatus,
  type CommissionPayoutTarget,
  type CommissionStats,
  type CommissionTransaction,
  type FileOutput,
  formatAmount,
  formatDate,
  formatPesos,
  messages,
} from '@app/contracts';
import type { CommissionEntriesTable, CommissionPayoutsTable, Db, Tx } from '@app/db';
import { type Selectable, sql } from 'kysely';
import { type AdminActor, logAdminAction } from '../activity/service';
import { csvDocument } from '../lib/csv';
import { AppError, alreadyDecided, badRequest, notFound } from '../lib/errors';
import { containing, type QueueWindow, queueLength } from '../lib/queue';

const m = messages.commission;

/** How many ledger rows the dashboards show. */
const RECENT_TRANSACTIONS = 20;

/**
 * Serialises the calls that read the balance and then lower it (payout requests, the stats editor), so
 * two of them cannot both spend the same pesos. Earning only raises the balance and needs no lock. The
 * key is any fixed number that no other advisory lock of the product uses.
 */
const BALANCE_LOCK_KEY = 7_336_101_000_001;

async function lockBalance(trx: Tx): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(BALANCE_LOCK_KEY)})`.execute(trx);
}

/**
 * An adjustment moves one of the two figures the stats editor sets; which one is kept in its source id,
 * `upgrade:<edit id>` or `payout:<edit id>`, where the edit id is also the admin log row's target.
 */
type Figure = 'upgrade' | 'payout';
const FIGURE_NAMES: Record<Figure, string> = { upgrade: 'upgrade earnings', payout: 'payout earnings' };
const sourcePrefix = (figure: Figure) => `${figure}:`;
const adjustmentSource = (figure: Figure, editId: string) => `${sourcePrefix(figure)}${editId}`;
const adjustedFigure = (sourceId: string | null): Figure => (sourceId?.startsWith(sourcePrefix('upgrade')) ? 'upgrade' : 'payout');

type EntryRow = Selectable<CommissionEntriesTable>;
type PayoutRow = Selectable<CommissionPayoutsTable>;

/** The figure a ledger row counts towards: the kind of an earning, the tagged figure of an adjustment. */
const figureOf = (row: Pick<EntryRow, 'kind' | 'sourceId'>): Figure =>
  row.kind === 'adjustment' ? adjustedFigure(row.sourceId) : row.kind;

interface Figures {
  /** Earned plus adjustments minus the payouts not rejected, in centavos. */
  balance: number;
  upgradeEarnings: number;
  upgrades: number;
  payouts: number;
}

/** The figures in one statement, so they agree with each other at one instant. */
async function readFigures(db: Db): Promise<Figures> {
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

function toTransaction(row: EntryRow): CommissionTransaction {
  return {
    id: row.id,
    type: figureOf(row),
    description: row.description,
    date: row.createdAt.toISOString(),
    amount: formatAmount(row.amount),
  };
}

function toCommissionPayout(row: PayoutRow): CommissionPayout {
  return {
    id: row.id,
    amount: formatAmount(row.amount),
    paymentMethod: row.paymentMethod,
    accountDetails: row.accountDetails,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    notes: row.notes,
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
 * Commission payout requests, newest first; a search matches the method, the account details or the
 * status. The three joined (migration 0012's trigram index) hold whatever one of them holds, so the index
 * finds the few candidates, and the three matches then decide, as before.
 */
export async function listCommissionPayouts(db: Db, window: QueueWindow): Promise<{ items: CommissionPayout[]; total: number }> {
  const pattern = window.search === undefined ? undefined : containing(window.search);
  const payouts = db.selectFrom('commissionPayouts').$if(pattern !== undefined, (query) =>
    query.where(
      sql<boolean>`(lower(payment_method || chr(10) || account_details || chr(10) || status) LIKE ${pattern}
          AND (lower(payment_method) LIKE ${pattern} OR lower(account_details) LIKE ${pattern} OR status LIKE ${pattern}))`,
    ),
  );
  const [rows, total] = await Promise.all([
    payouts.selectAll().orderBy('requestedAt', 'desc').orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute(),
    queueLength(db, 'commission-payouts', window.search, () =>
      payouts.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ),
  ]);
  return { items: rows.map(toCommissionPayout), total };
}

/**
 * The operator's payout request: at most the balance, which is read under the balance lock so two
 * requests at once cannot overdraw it. The amount leaves the balance now and returns if rejected.
 */
export async function requestCommissionPayout(
  db: Db,
  request: { amount: number; paymentMethod: string; accountDetails: string },
  now: Date,
): Promise<CommissionPayout> {
  return db.transaction().execute(async (trx) => {
    await lockBalance(trx);
    const { balance } = await readFigures(trx);
    if (request.amount > balance) throw badRequest(m.amountOverBalance(formatPesos(balance)));
    const row = await trx
      .insertInto('commissionPayouts')
      .values({ amount: request.amount, paymentMethod: request.paymentMethod, accountDetails: request.accountDetails, requestedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCommissionPayout(row);
  });
}

const ACTIONS: Record<CommissionPayoutTarget, string> = {
  approved: 'approve_commission_payout',
  rejected: 'reject_commission_payout',
  paid: 'pay_commission_payout',
};

/**
 * Why an action on a commission payout was refused (409), given the status it has now. Every refusal
 * finds the payout already decided by another press or another admin, so each carries `decided`, which the
 * panel shows as news: "Already paid" for the same action again, else which status stops the action.
 */
function refusedAction(decided: CommissionPayoutStatus, target: CommissionPayoutTarget): AppError {
  if (decided === target) return alreadyDecided(decided);
  return new AppError('CONFLICT', m.transitionRefused(decided, target), { details: { decided } });
}

/**
 * An admin's action on a commission payout (docs/screens.md#states), with its fixed note. The update
 * applies only from the statuses the action may leave, so of two racing actions one finds the payout
 * already moved and is refused (409, refusedAction). Rejecting returns the amount to the balance.
 */
export async function setCommissionPayoutStatus(
  db: Db,
  payoutId: string,
  target: CommissionPayoutTarget,
  actor: AdminActor,
  now: Date,
): Promise<CommissionPayout> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('commissionPayouts')
      .set({ status: target, notes: m.notes[target], ...(target === 'approved' ? {} : { processedAt: now }) })
      .where('id', '=', payoutId)
      .where('status', 'in', COMMISSION_PAYOUT_TRANSITIONS[target])
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const existing = await trx.selectFrom('commissionPayouts').select('status').where('id', '=', payoutId).executeTakeFirst();
      throw existing ? refusedAction(existing.status, target) : notFound(m.payoutNotFound);
    }
    await logAdminAction(trx, actor, {
      action: ACTIONS[target],
      targetId: row.id,
      details: { amount: formatAmount(row.amount), paymentMethod: row.paymentMethod, notes: row.notes },
    });
    return toCommissionPayout(row);
  });
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
    if (adjustments.length > 0) await trx.insertInto('commissionEntries').values(adjustments).execute();
    const stats = await readCommissionStats(trx);
    await logAdminAction(trx, actor, {
      action: 'update_commission_stats',
      targetId: editId,
      details: {
        before: { totalBalance: formatAmount(before.balance), upgradeEarnings: formatAmount(before.upgradeEarnings) },
        after: { totalBalance: stats.totalBalance, upgradeEarnings: stats.upgradeEarnings },
      },
    });
    return stats;
  });
}

const ENTRY_TYPES: Record<EntryRow['kind'], string> = { upgrade: 'VIP upgrade', payout: 'Member payout', adjustment: 'Adjustment' };

interface StatementLine {
  at: Date;
  id: string;
  type: string;
  description: string;
  status: string;
  change: number;
}

/**
 * The commission ledger as CSV, oldest first, with the balance after each line: every earning and
 * adjustment, every payout request (taken from the balance when asked for), and the return of each
 * rejected one. Read in one snapshot, so the last balance is the dashboard's.
 */
export async function commissionStatement(db: Db, timeZone: string, now: Date): Promise<FileOutput> {
  const { entries, payouts } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      entries: await trx.selectFrom('commissionEntries').selectAll().execute(),
      payouts: await trx.selectFrom('commissionPayouts').selectAll().execute(),
    }));

  const lines: StatementLine[] = entries.map((entry) => ({
    at: entry.createdAt,
    id: entry.id,
    type:
      entry.kind === 'adjustment' ? `${ENTRY_TYPES.adjustment} (${FIGURE_NAMES[adjustedFigure(entry.sourceId)]})` : ENTRY_TYPES[entry.kind],
    description: entry.description,
    status: '',
    change: entry.amount,
  }));
  for (const payout of payouts) {
    const description = m.payoutDescription(payout.paymentMethod);
    lines.push({
      at: payout.requestedAt,
      id: payout.id,
      type: 'Commission payout',
      description,
      status: payout.status,
      change: -payout.amount,
    });
    if (payout.status === 'rejected' && payout.processedAt) {
      lines.push({
        at: payout.processedAt,
        id: payout.id,
        type: 'Commission payout rejected',
        description,
        status: payout.status,
        change: payout.amount,
      });
    }
  }
  lines.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));

  let balance = 0;
  const rows = lines.map((line) => {
    balance += line.change;
    return [
      formatDate(line.at, timeZone),
      line.at.toISOString(),
      line.id,
      line.type,
      line.description,
      line.status,
      formatAmount(line.change),
      formatAmount(balance),
    ];
  });
  const body = csvDocument(['Date', 'Time (UTC)', 'ID', 'Type', 'Description', 'Status', 'Amount', 'Balance after'], rows);
  return { filename: `commission-statement-${now.toISOString().slice(0, 10)}.csv`, contentType: 'text/csv; charset=utf-8', body };
}
