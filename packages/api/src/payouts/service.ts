import { formatAmount, formatPesos, messages, type Payout } from '@app/contracts';
import { type Db, InsufficientFundsError, type PayoutRow, postToLedger } from '@app/db';
import { badRequest } from '../lib/errors';

export function toPayout(row: PayoutRow): Payout {
  const timeline: Payout['timeline'] = [{ status: 'requested', at: row.createdAt.toISOString(), note: null }];
  if (row.status !== 'pending' && row.decidedAt) timeline.push({ status: row.status, at: row.decidedAt.toISOString(), note: row.note });
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    paymentMethod: row.paymentMethod,
    amount: formatAmount(row.amount),
    paymentDetails: row.paymentDetails,
    status: row.status,
    timeline,
  };
}

export async function listPayouts(db: Db, userId: string): Promise<Payout[]> {
  const rows = await db
    .selectFrom('payouts')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toPayout);
}

/**
 * Moves the amount from available to pending in one transaction with the payout row (DESIGN.md
 * section 5). The ledger posting locks the member's row, so concurrent requests never overdraw.
 */
export async function requestPayout(
  db: Db,
  userId: string,
  request: { paymentMethod: string; amount: number; paymentDetails: string },
  now: Date,
): Promise<Payout> {
  try {
    return await db.transaction().execute(async (trx) => {
      const payout = await trx
        .insertInto('payouts')
        .values({
          userId,
          paymentMethod: request.paymentMethod,
          amount: request.amount,
          paymentDetails: request.paymentDetails,
          createdAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await postToLedger(trx, {
        userId,
        type: 'payout',
        amount: request.amount,
        description: `Payout request via ${request.paymentMethod}`,
        status: 'pending',
        payoutId: payout.id,
        createdAt: now,
      });
      return toPayout(payout);
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw badRequest(messages.payouts.insufficient(formatPesos(error.available)));
    throw error;
  }
}
