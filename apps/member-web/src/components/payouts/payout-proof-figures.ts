import { fillSlots, formatApproxDuration, formatPesosAmount, type PayoutStats, pluralize } from '@app/contracts';

/*
 * The proof of payment's text from its words and figures, for the component (PayoutProof) and for
 * landing.html's script, which has neither React nor the catalogues: this module imports neither.
 */

/** Where the figures go in the proof's words (proofWords in payout-proof.tsx). */
export const PAYOUT_PROOF_SLOTS = { payouts: '%PAYOUTS%', total: '%TOTAL%', wait: '%WAIT%' } as const;

/** The proof's two sentences in the page's language, with PAYOUT_PROOF_SLOTS where the figures go. */
export interface PayoutProofWords {
  paid: string;
  approved: string;
}

/**
 * What the proof says, e.g. "1,204 payouts · ₱312,450.00 paid in the last 30 days · usually approved in about
 * 6 hours"; null when nothing was paid, and then nothing is shown.
 */
export function payoutProofText(words: PayoutProofWords, stats: PayoutStats): string | null {
  if (stats.paidCount === 0) return null;
  const wait = stats.medianApprovalSeconds === null ? null : formatApproxDuration(stats.medianApprovalSeconds);
  const figures = {
    [PAYOUT_PROOF_SLOTS.payouts]: pluralize(stats.paidCount, 'payout'),
    [PAYOUT_PROOF_SLOTS.total]: formatPesosAmount(stats.paidTotal),
    [PAYOUT_PROOF_SLOTS.wait]: wait ?? '',
  };
  const paid = fillSlots(words.paid, figures);
  return wait === null ? paid : `${paid} · ${fillSlots(words.approved, figures)}`;
}
