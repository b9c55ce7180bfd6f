import { formatApproxDuration, formatPesosAmount, type PayoutStats, pluralize } from '@app/contracts';

/*
 * The proof of payment's figures and how its texts join, for the component (PayoutProof) and for landing.html's
 * script, which has neither React nor the catalogues: this module imports neither.
 */

/** Where landing.html's script writes the figures into the proof's texts (PayoutProofTemplate). */
export const PAYOUT_PROOF_SLOTS = { payouts: '%PAYOUTS%', total: '%TOTAL%', wait: '%WAIT%' } as const;

/** The figures the proof's texts are written with, null when nothing was paid (then nothing is shown). */
export function payoutProofFigures(stats: PayoutStats): { payouts: string; total: string; wait: string | null } | null {
  if (stats.paidCount === 0) return null;
  return {
    payouts: pluralize(stats.paidCount, 'payout'),
    total: formatPesosAmount(stats.paidTotal),
    wait: stats.medianApprovalSeconds === null ? null : formatApproxDuration(stats.medianApprovalSeconds),
  };
}

/** The proof's sentence and its optional second part, joined as the page shows them. */
export const joinProofParts = (paid: string, approved: string | null) => (approved === null ? paid : `${paid} · ${approved}`);
