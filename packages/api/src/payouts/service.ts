import {
  describeDestination,
  destinationKey,
  formatAmount,
  formatPesos,
  messages,
  type Payout,
  type PayoutDestination,
  type PayoutMethod,
  type PayoutQueue,
  type PayoutStats,
} from '@app/contracts';
import { type Db, InsufficientFundsError, jsonb, type PayoutRow, postToLedger } from '@app/db';
import { sql } from 'kysely';
import { AppError, forbidden } from '../lib/errors';
import type { PagedList } from '../lib/paging';
import { recordSignal, refreshRiskScores } from '../risk/service';

export function toPayout(row: PayoutRow): Payout {
  const timeline: Payout['timeline'] = [{ status: 'requested', at: row.createdAt.toISOString(), note: null }];
  if (row.status !== 'pending' && row.decidedAt) timeline.push({ status: row.status, at: row.decidedAt.toISOString(), note: row.note });
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    paymentMethod: row.paymentMethod,
    amount: formatAmount(row.amount),
    paymentDetails: row.paymentDetails,
    destination: row.details as PayoutDestination | null,
    status: row.status,
    transferReference: row.transferReference,
    timeline,
  };
}

/** A window of the member's payout requests, newest first. */
export async function listPayouts(db: Db, userId: string, window: { limit: number; offset: number }): Promise<Payout[]> {
  const rows = await db
    .selectFrom('payouts')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map(toPayout);
}

/** How many payouts the member has requested. */
async function countPayouts(db: Db, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('payouts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The member's payout requests as a list that pages on request: newest first (listPayouts), and how many. */
export function payoutHistory(db: Db, userId: string): PagedList<Payout, { total: number }> {
  return { read: (window) => listPayouts(db, userId, window), count: async () => ({ total: await countPayouts(db, userId) }) };
}

/**
 * Moves the amount from available to pending in one transaction with the payout row
 * (docs/product-rules.md#decided-rules). The member row is locked first, so concurrent requests never
 * overdraw and a payout hold set meanwhile is seen. The destination is stored as read
 * (docs/product-rules.md#payout-destinations): its fields, the text both the member and the admin read, and
 * its key. The key and the device are noted as signals of the account; when either is new to it, the risk
 * scores of the accounts it ties together are brought up to date. A destination another account used is
 * accepted: the admins' pending list flags it.
 */
export async function requestPayout(
  db: Db,
  userId: string,
  request: { paymentMethod: PayoutMethod; amount: number; destination: PayoutDestination },
  context: { now: Date; deviceId: string | null; deviceTraits?: string | null },
): Promise<Payout> {
  const { now } = context;
  const destination = destinationKey(request.destination);
  let signalsChanged = false;
  let payout: Payout;
  try {
    payout = await db.transaction().execute(async (trx) => {
      const member = await trx
        .selectFrom('users')
        .select('payoutHoldReason')
        .where('id', '=', userId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
      if (member.payoutHoldReason) throw forbidden(messages.payouts.onHold(member.payoutHoldReason));
      const row = await trx
        .insertInto('payouts')
        .values({
          userId,
          paymentMethod: request.paymentMethod,
          amount: request.amount,
          paymentDetails: describeDestination(request.destination),
          details: jsonb(request.destination),
          destination,
          createdAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await postToLedger(trx, {
        userId,
        type: 'payout',
        amount: request.amount,
        description: messages.ledger.payoutRequested(request.paymentMethod),
        status: 'pending',
        payoutId: row.id,
        createdAt: now,
      });
      const newDevice = context.deviceId ? await recordSignal(trx, userId, 'device', context.deviceId, now) : false;
      const newDestination = await recordSignal(trx, userId, 'destination', destination, now);
      const newTraits = context.deviceTraits ? await recordSignal(trx, userId, 'traits', context.deviceTraits, now) : false;
      signalsChanged = newDevice || newDestination || newTraits;
      return toPayout(row);
    });
  } catch (error) {
    // Its own code (docs/api-conventions.md#errors): the form tells it from other refusals by the code, not the text.
    if (error instanceof InsufficientFundsError) {
      throw new AppError('INSUFFICIENT_BALANCE', messages.payouts.insufficient(formatPesos(error.available)));
    }
    throw error;
  }
  if (signalsChanged) await refreshRiskScores(db, [userId], now);
  return payout;
}

const MEDIAN_WINDOW_DAYS = 30;

/** The median seconds from request to approval of the payouts approved in the last 30 days, or null. */
function medianApprovalSeconds(db: Db, now: Date) {
  return db
    .selectFrom('payouts')
    .select(
      sql<number | null>`round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch from decided_at - created_at)))::int`.as('median'),
    )
    .where('status', '=', 'approved')
    .where('decidedAt', '>', sql<Date>`${now}::timestamptz - make_interval(days => ${MEDIAN_WINDOW_DAYS})`);
}

/**
 * Where each of the member's pending payouts stands: its place among everyone's pending payouts (oldest
 * first, the order admins see them in) and how long approvals took lately, so a wait is never a mystery.
 */
export async function readPayoutQueue(db: Db, userId: string, now: Date): Promise<PayoutQueue> {
  const [mine, totals] = await Promise.all([
    db
      .selectFrom('payouts as p')
      .select('p.id')
      .select(
        sql<number>`(SELECT count(*) FROM payouts q WHERE q.status = 'pending' AND (q.created_at, q.id) <= (p.created_at, p.id))`.as(
          'position',
        ),
      )
      .where('p.userId', '=', userId)
      .where('p.status', '=', 'pending')
      .orderBy('p.createdAt')
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('payouts')
      .select((eb) => eb.fn.countAll<number>().as('pending'))
      .select(() => medianApprovalSeconds(db, now).as('median'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  const queueLength = Number(totals.pending);
  const median = totals.median === null ? null : Number(totals.median);
  return mine.map((row) => ({ payoutId: row.id, position: Number(row.position), queueLength, medianApprovalSeconds: median }));
}

/** Payouts approved in the last 30 days, their total and the median wait: the landing page's proof of payment. */
export async function payoutStats(db: Db, now: Date): Promise<PayoutStats> {
  const row = await db
    .selectFrom('payouts')
    .select((eb) => [eb.fn.countAll<number>().as('paidCount'), eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.val(0)).as('paidTotal')])
    .select(() => medianApprovalSeconds(db, now).as('median'))
    .where('status', '=', 'approved')
    .where('decidedAt', '>', sql<Date>`${now}::timestamptz - make_interval(days => ${MEDIAN_WINDOW_DAYS})`)
    .executeTakeFirstOrThrow();
  return {
    paidCount: Number(row.paidCount),
    paidTotal: formatAmount(Number(row.paidTotal)),
    medianApprovalSeconds: row.median === null ? null : Number(row.median),
    asOf: now.toISOString(),
  };
}
