import { randomUUID } from 'node:crypto';
import { type QueryCreator, type RawBuilder, type SqlBool, sql, type UpdateQueryBuilder } from 'kysely';
import { type LedgerHashedColumn, ledgerRowHash, payoutDigestOf } from './chains';
import type { Db, Tx } from './create-db';
import { preparedStatement } from './prepared';
import type { Database, TransactionKind, UserRow } from './schema';
import { noteOwnRowCommitted } from './write-tracking';

export interface LedgerEntry {
  userId: string;
  type: TransactionKind;
  /** Centavos. Positive, except an admin adjustment that lowers the balance. */
  amount: number;
  description: string;
  status?: string;
  /** A view's id, or in a gated posting GATED_ROW_ID: the view its gate closed. */
  taskViewId?: string | RawBuilder<string>;
  payoutId?: string;
  vipRequestId?: string;
  referralId?: string;
  adminId?: string;
  reference?: string;
  createdAt?: Date;
}

/** What a posting depends on, run in its statement: an UPDATE of one table, returning the rows it changed. */
export type LedgerGate<T extends keyof Database, O> = (db: QueryCreator<Database>) => UpdateQueryBuilder<Database, T, T, O>;

/** In a gated posting's entry, the id of the row its gate changed (a task view credited by the same statement). */
export const GATED_ROW_ID = sql<string>`(SELECT id FROM gate)`;

/** A gated posting's answer: the row posted, or null when the gate changed nothing; what `report` read. */
export interface GatedPosting<R> {
  posted: { id: string } | null;
  /** The report's value as the statement saw the rows when it began (null without a report). */
  report: R | null;
}

/** The gate of a posting without one: `moved` and the answer read a gate either way. */
const passes = (db: QueryCreator<Database>) => db.selectNoFrom(sql<number>`1`.as('passed'));

interface Deltas {
  availableDelta: number;
  pendingDelta: number;
  earningsDelta: number;
  referralDelta: number;
  paidOutDelta: number;
  bonusPendingDelta: number;
}

/** How each kind of ledger row moves the cached balances (docs/product-rules.md#money-and-time). */
function deltasFor(type: TransactionKind, amount: number): Deltas {
  const none: Deltas = { availableDelta: 0, pendingDelta: 0, earningsDelta: 0, referralDelta: 0, paidOutDelta: 0, bonusPendingDelta: 0 };
  switch (type) {
    case 'earning':
      return { ...none, availableDelta: amount, earningsDelta: amount };
    case 'referral_bonus':
      return { ...none, availableDelta: amount, earningsDelta: amount, referralDelta: amount };
    case 'vip_purchase':
      return { ...none, availableDelta: -amount };
    case 'payout':
      return { ...none, availableDelta: -amount, pendingDelta: amount };
    case 'payout_approved':
      return { ...none, pendingDelta: -amount, paidOutDelta: amount };
    case 'payout_declined':
      return { ...none, pendingDelta: -amount, availableDelta: amount };
    case 'admin_adjustment':
      return { ...none, availableDelta: amount };
    // A pending bonus is earned but not the member's money yet: only its release makes it available and earned.
    case 'referral_bonus_pending':
      return { ...none, bonusPendingDelta: amount };
    case 'referral_bonus_released':
      return { ...none, bonusPendingDelta: -amount, availableDelta: amount, earningsDelta: amount, referralDelta: amount };
    case 'referral_bonus_withheld':
      return { ...none, bonusPendingDelta: -amount };
  }
}

export class InsufficientFundsError extends Error {
  constructor(readonly available: number) {
    super('Insufficient balance');
  }
}

/**
 * Writes one ledger row and moves the user's cached balances by it, inside the caller's transaction. The
 * row is chained to the member's previous one (seq, hash; checked by findChainBreaks).
 * The balances move first, in one UPDATE that only matches while no balance would go below zero: it
 * locks the user row, so concurrent postings for one user are applied one after another, and checks
 * the balance under that lock. A posting that would take a balance below zero throws
 * InsufficientFundsError and writes nothing. The UPDATE takes the FOR NO KEY UPDATE lock, not FOR
 * UPDATE: rows that reference the user (a new payout, say) take a key-share lock on it, and FOR UPDATE
 * would deadlock two such transactions against each other. One statement per posting: the row is inserted
 * from what the UPDATE returns, so a refused posting inserts nothing.
 *
 */
export async function postToLedger(trx: Tx, entry: LedgerEntry): Promise<{ id: string }> {
  const { id } = await settled(trx, entry.userId, await postingQuery(trx, randomUUID(), entry).executeTakeFirst());
  return { id: id as string };
}

/**
 * A gated posting: postToLedger, made only if the gate's own UPDATE (run in the same statement) changed a
 * row, for a change and the money it earns in one round trip (a task view closed and credited). The gate
 * sees the rows as they were when the statement began, as every part of one statement does, and so does
 * the `report`, an expression read alongside (what a caller would otherwise read in a round trip of its
 * own first). One statement, all or nothing, so it may also run on its own, outside a transaction.
 *
 * Compiled once per shape (preparedStatement): `describe` receives stand-ins for the arguments and says
 * the entry, the gate and the report in their terms; each call generates the new row's id.
 */
export function preparedGatedPosting<A extends { userId: string }, R, S extends string, T extends keyof Database, O>(
  describe: (db: Db, args: A, shape: S) => { entry: LedgerEntry; gate: LedgerGate<T, O>; report?: RawBuilder<R> },
): (db: Db, args: A, shape?: S) => Promise<GatedPosting<R>> {
  const statement = preparedStatement((db: Db, args: A & { postingId: string }, shape: S) => {
    const { entry, gate, report } = describe(db, args, shape);
    return postingQuery(db, args.postingId, entry, gate as (db: QueryCreator<Database>) => unknown, report);
  });
  return async (db, args, shape) => {
    const [row] = await statement(db, { ...args, postingId: randomUUID() }, shape);
    if (row?.postedId && !db.isTransaction) {
      const { postedId, passed, report, userVersion, ...user } = row;
      noteOwnRowCommitted(user as UserRow, userVersion as string);
    }
    const { id, report } = await settled(db, args.userId, row);
    return { posted: id ? { id } : null, report: (report ?? null) as R | null };
  };
}

/** The posting's one statement: the row `id` made from `entry` only where the gate changed a row and the balances allow it. */
function postingQuery(
  db: Db,
  id: string,
  entry: LedgerEntry,
  gate?: (db: QueryCreator<Database>) => unknown,
  report?: RawBuilder<unknown>,
) {
  const deltas = deltasFor(entry.type, entry.amount);
  const movesPendingBonuses = deltas.bonusPendingDelta !== 0;
  const row = {
    id,
    userId: entry.userId,
    type: entry.type,
    amount: entry.amount,
    description: entry.description,
    ...deltas,
    taskViewId: entry.taskViewId ?? null,
    payoutId: entry.payoutId ?? null,
    vipRequestId: entry.vipRequestId ?? null,
    referralId: entry.referralId ?? null,
    adminId: entry.adminId ?? null,
    reference: entry.reference ?? null,
  };
  // The transaction's own start time unless the caller names one: the same in the row and its hash.
  const createdAt = entry.createdAt ? sql<Date>`${entry.createdAt}::timestamptz` : sql<Date>`now()`;
  const status = entry.status ?? 'completed';
  const text = (value: string | RawBuilder<string> | null) => sql<string>`${value}::text`;
  const centavos = (value: number) => sql<number>`${value}::bigint`;
  // A payout's row records the payout as it stands now (docs/product-rules.md#evidence): its request and its
  // decision each write the payout first. Read twice (the hash, the row), by one statement in one snapshot.
  const payoutDigest = entry.payoutId
    ? sql<string>`(SELECT ${payoutDigestOf('p')} FROM payouts p WHERE p.id = ${entry.payoutId})`
    : sql<string | null>`NULL::text`;
  const hashed: Record<LedgerHashedColumn, RawBuilder<unknown>> = {
    id: text(row.id),
    user_id: text(row.userId),
    // The member's row as it was: the right-hand sides of the UPDATE below read it before it changes.
    seq: sql`ledger_rows + 1`,
    type: text(row.type),
    amount: centavos(row.amount),
    available_delta: centavos(row.availableDelta),
    pending_delta: centavos(row.pendingDelta),
    earnings_delta: centavos(row.earningsDelta),
    referral_delta: centavos(row.referralDelta),
    paid_out_delta: centavos(row.paidOutDelta),
    bonus_pending_delta: centavos(row.bonusPendingDelta),
    description: text(row.description),
    status: text(status),
    task_view_id: text(row.taskViewId),
    payout_id: text(row.payoutId),
    payout_digest: payoutDigest,
    vip_request_id: text(row.vipRequestId),
    referral_id: text(row.referralId),
    admin_id: text(row.adminId),
    reference: text(row.reference),
    created_at: createdAt,
  };
  // Only whether the gate returned a row counts, so its row type is left out.
  const gated = db.with('gate', (gate ?? passes) as typeof passes);
  return gated
    .with('moved', (db) =>
      db
        .updateTable('users')
        .set((eb) => ({
          availableBalance: eb('availableBalance', '+', deltas.availableDelta),
          pendingPayout: eb('pendingPayout', '+', deltas.pendingDelta),
          totalEarnings: eb('totalEarnings', '+', deltas.earningsDelta),
          referralEarnings: eb('referralEarnings', '+', deltas.referralDelta),
          totalPaidOut: eb('totalPaidOut', '+', deltas.paidOutDelta),
          // Moved only by the referral kinds, and left out of the others' statement (a task's credit above all).
          ...(movesPendingBonuses ? { pendingBonuses: eb('pendingBonuses', '+', deltas.bonusPendingDelta) } : {}),
          ledgerRows: eb('ledgerRows', '+', 1),
          completedTasks: eb('completedTasks', '+', entry.type === 'earning' ? 1 : 0),
          // The row's place and hash, from the member's previous ones (the right-hand sides read the row as it
          // was): the member's row is locked here anyway, so chaining costs no extra statement or lock.
          ledgerHead: ledgerRowHash(sql`ledger_head`, hashed),
          updatedAt: sql<Date>`now()`,
        }))
        .where('id', '=', entry.userId)
        .where((eb) =>
          eb.and([
            eb(eb('availableBalance', '+', deltas.availableDelta), '>=', 0),
            eb(eb('pendingPayout', '+', deltas.pendingDelta), '>=', 0),
            ...(movesPendingBonuses ? [eb(eb('pendingBonuses', '+', deltas.bonusPendingDelta), '>=', 0)] : []),
            eb.exists(eb.selectFrom('gate').select(sql`1`.as('passed'))),
          ]),
        )
        // The whole row as it leaves this statement, with its version: a posting on its own (no transaction)
        // hands it to the request, whose session keeps it (noteOwnRowCommitted).
        .returningAll()
        .returning(sql<string>`xmin::text`.as('userVersion')),
    )
    .with('posted', (db) =>
      db
        .insertInto('transactions')
        .columns([
          'id',
          'userId',
          'type',
          'amount',
          'description',
          'availableDelta',
          'pendingDelta',
          'earningsDelta',
          'referralDelta',
          'paidOutDelta',
          'bonusPendingDelta',
          'taskViewId',
          'payoutId',
          'payoutDigest',
          'vipRequestId',
          'referralId',
          'adminId',
          'reference',
          'status',
          'seq',
          'hash',
          'createdAt',
        ])
        // The row itself, only where the balances moved: its values are typed here, as a SELECT's columns are
        // not typed by the INSERT they feed.
        .expression((eb) =>
          eb
            .selectFrom('moved')
            .select([
              text(row.id).as('id'),
              text(row.userId).as('userId'),
              text(row.type).as('type'),
              centavos(row.amount).as('amount'),
              text(row.description).as('description'),
              centavos(row.availableDelta).as('availableDelta'),
              centavos(row.pendingDelta).as('pendingDelta'),
              centavos(row.earningsDelta).as('earningsDelta'),
              centavos(row.referralDelta).as('referralDelta'),
              centavos(row.paidOutDelta).as('paidOutDelta'),
              centavos(row.bonusPendingDelta).as('bonusPendingDelta'),
              text(row.taskViewId).as('taskViewId'),
              text(row.payoutId).as('payoutId'),
              payoutDigest.as('payoutDigest'),
              text(row.vipRequestId).as('vipRequestId'),
              text(row.referralId).as('referralId'),
              text(row.adminId).as('adminId'),
              text(row.reference).as('reference'),
              text(status).as('status'),
              'moved.ledgerRows',
              'moved.ledgerHead',
              createdAt.as('createdAt'),
            ]),
        )
        .returning('id'),
    )
    .selectFrom(sql<{ one: number }>`(SELECT 1)`.as('one'))
    .leftJoin('moved', (join) => join.onTrue())
    .selectAll('moved')
    .select((eb) => [
      eb.selectFrom('posted').select('id').as('postedId'),
      eb.exists(eb.selectFrom('gate').select(sql`1`.as('passed'))).as('passed'),
      (report ?? sql<null>`NULL`).as('report'),
    ]);
}

/** The posting's answer, or InsufficientFundsError when the gate passed and the balances did not allow it. */
async function settled(db: Db, userId: string, posted: { postedId: string | null; passed: SqlBool; report: unknown } | undefined) {
  if (posted && (posted.postedId || !posted.passed)) return { id: posted.postedId, report: posted.report };
  // No such user (NoResultError, as a missing user always was), or not enough money.
  const user = await db.selectFrom('users').select('availableBalance').where('id', '=', userId).executeTakeFirstOrThrow();
  throw new InsufficientFundsError(user.availableBalance);
}
