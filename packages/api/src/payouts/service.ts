import { COMMISSION_PER_PAYOUT_CENTAVOS, formatAmount, formatPesos, messages, type Payout, type PayoutDecision } from '@app/contracts';
import { type Db, InsufficientFundsError, type PayoutRow, postToLedger, type Tx } from '@app/db';
import { recordCommission } from '../commission/entries';
import { badRequest, conflict, notFound } from '../lib/errors';

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

/**
 * An admin's decision on a pending payout (DESIGN.md section 5), inside the caller's transaction.
 * Approved: pending -> paid out, and the operator earns the payout commission. Declined: pending ->
 * available again. Only a pending payout can be decided: the conditional update lets one of two
 * racing decisions through and the other finds it decided (409).
 */
export async function decidePayout(trx: Tx, payoutId: string, decision: PayoutDecision, adminId: string, now: Date): Promise<PayoutRow> {
  const payout = await trx
    .updateTable('payouts')
    .set({ status: decision, decidedBy: adminId, decidedAt: now })
    .where('id', '=', payoutId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!payout) {
    const existing = await trx.selectFrom('payouts').select('status').where('id', '=', payoutId).executeTakeFirst();
    throw existing ? conflict(messages.admin.payoutDecided(existing.status)) : notFound(messages.admin.payoutNotFound);
  }

  // The request's own ledger row shows the outcome in the member's history; its balance effect stays.
  await trx.updateTable('transactions').set({ status: decision }).where('payoutId', '=', payout.id).where('type', '=', 'payout').execute();
  await postToLedger(trx, {
    userId: payout.userId,
    type: decision === 'approved' ? 'payout_approved' : 'payout_declined',
    amount: payout.amount,
    description: decision === 'approved' ? messages.admin.payoutApproved(payout.paymentMethod) : messages.admin.payoutDeclined,
    payoutId: payout.id,
    adminId,
    createdAt: now,
  });
  if (decision === 'approved') {
    await recordCommission(trx, {
      kind: 'payout',
      sourceId: payout.id,
      amount: COMMISSION_PER_PAYOUT_CENTAVOS,
      description: messages.admin.payoutCommission(formatPesos(payout.amount)),
    });
  }
  return payout;
}
