import { trpc } from '@app/client';
import { messages } from '@app/contracts';
import { BadgeCheck } from 'lucide-react';
import type { ComponentProps } from 'react';
import { inLanguage } from '../../lib/language';
import { PAYOUT_PROOF_SLOTS, type PayoutProofWords, payoutProofText } from './payout-proof-figures';

/** The proof's words in the active language, with slots for the figures. */
const proofWords = (): PayoutProofWords => ({
  paid: inLanguage(messages.payouts.paidProof(PAYOUT_PROOF_SLOTS.payouts, PAYOUT_PROOF_SLOTS.total)),
  approved: inLanguage(messages.payouts.usuallyApproved(PAYOUT_PROOF_SLOTS.wait)),
});

function PayoutProofFrame({ children, ...props }: ComponentProps<'p'>) {
  return (
    <p className="flex max-w-2xl items-start gap-2 rounded-lg border bg-card p-3 text-sm sm:items-center sm:p-4" {...props}>
      <BadgeCheck className="mt-0.5 size-5 shrink-0 text-success sm:mt-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/**
 * What was paid out lately, for visitors deciding whether to trust us: shown only when there is
 * something to show, and never an error on the landing page.
 */
export function PayoutProof() {
  const stats = trpc.payouts.publicStats.useQuery();
  const text = stats.data ? payoutProofText(proofWords(), stats.data) : null;
  if (!text) return null;
  return <PayoutProofFrame>{text}</PayoutProofFrame>;
}

/**
 * The proof as landing.html carries it (docs/architecture.md#what-a-page-loads-first): hidden, with its texts in
 * the page's language and slots for the figures, which the page's script, without React or the catalogues,
 * writes in once it has read them.
 */
export function PayoutProofTemplate() {
  const words = proofWords();
  return <PayoutProofFrame hidden data-payout-proof="" data-paid={words.paid} data-approved={words.approved} />;
}
