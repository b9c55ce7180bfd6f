import {
  formatAmount,
  formatPesos,
  PAYOUT_BATCH_REFUSALS,
  type PayoutBatchRefusal,
  type PayoutBatchResult,
  type payoutBatchInput,
  staffMessages,
} from '@app/contracts';
import type { Db, Tx } from '@app/db';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AdminActor } from '../admin-log/service';
import { AppError } from '../lib/errors';
import { refreshRiskScores } from '../risk/service';
import { decideAndLog, payoutRefused } from './review';

type PayoutBatch = z.output<typeof payoutBatchInput>;
type PayoutSeen = PayoutBatch['payouts'][number];

/**
 * Refuses, inside the payout's decision, one that no longer looks as the admin saw it: another amount, or
 * (for an approval) a flag it did not show then and the admin did not tick it for: an unreadable destination,
 * one another account used. A payout hold is refused by the decision itself, as `held`.
 */
function asSeen(seen: PayoutSeen, status: PayoutBatch['status']) {
  return async (trx: Tx) => {
    const payout = await trx
      .selectFrom('payouts as p')
      .select(['p.amount'])
      .select((eb) => [
        eb('p.details', 'is', null).as('unreadable'),
        // The queue's shared-destination flag (listAllPendingPayouts): another account's signal of the same destination.
        sql<boolean>`p.destination_shared AND EXISTS (SELECT 1 FROM account_signals s
          WHERE s.kind = 'destination' AND s.value = p.destination AND s.user_id <> p.user_id)`.as('shared'),
      ])
      .where('p.id', '=', seen.id)
      .executeTakeFirst();
    // A payout that is missing is reported by the decision (not_found).
    if (!payout) return;
    if (payout.amount !== seen.amount) {
      throw payoutRefused('CONFLICT', 'stale', staffMessages.admin.batchStaleAmount(formatPesos(payout.amount)));
    }
    if (status === 'approved' && !seen.flagged && (payout.unreadable || payout.shared)) {
      throw payoutRefused('CONFLICT', 'stale', staffMessages.admin.batchStaleFlags);
    }
  };
}

/** The refusal a batch reports for an error of one payout's decision, or null for one it cannot (a database failure). */
function refusalOf(error: unknown): { code: PayoutBatchRefusal; message: string } | null {
  if (!(error instanceof AppError)) return null;
  if (error.details.decided) return { code: 'already_decided', message: error.message };
  const refused = PAYOUT_BATCH_REFUSALS.find((code) => code === error.details.refused);
  if (refused) return { code: refused, message: error.message };
  if (error.code === 'NOT_FOUND') return { code: 'not_found', message: error.message };
  return null;
}

/**
 * Decides a batch of pending payouts the same way (docs/product-rules.md#batch-decisions), one after the
 * other, each in its own transaction through the single decision (decideAndLog): its checks, its ledger
 * row, its notice and its admin log row. One refused leaves the others decided; the answer names each
 * decided and each refused with why. A failure that is no refusal (the database gone) stops the batch
 * there: those decided before it stay decided, and the queue shows the rest still pending.
 *
 * The one entry of a batch decision; its tier (adminMoneyProcedure) has checked the passkey step-up once,
 * before the loop (docs/architecture.md#passkeys-and-the-step-up).
 */
export async function decidePayoutBatch(db: Db, batch: PayoutBatch, actor: AdminActor, now: Date): Promise<PayoutBatchResult> {
  const decision = batch.status === 'approved' ? { status: batch.status } : { status: batch.status, reason: batch.reason };
  const result: PayoutBatchResult = { status: batch.status, decided: [], refused: [] };
  const heldSponsors = new Set<string>();
  for (const seen of batch.payouts) {
    try {
      const { payout, referral } = await decideAndLog(db, seen.id, decision, actor, now, asSeen(seen, batch.status));
      result.decided.push({ id: payout.id, amount: formatAmount(payout.amount), paymentMethod: payout.paymentMethod });
      if (referral?.outcome === 'held') heldSponsors.add(referral.sponsorId);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      result.refused.push({ id: seen.id, ...refusal });
    }
  }
  // A held bonus is a reason in the sponsor's review, as after a single decision.
  if (heldSponsors.size > 0) await refreshRiskScores(db, [...heldSponsors], now);
  return result;
}
