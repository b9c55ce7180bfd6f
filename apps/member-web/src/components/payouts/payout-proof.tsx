import { trpc } from '@app/client';
import { messages } from '@app/contracts';
import { BadgeCheck } from 'lucide-react';
import type { ComponentProps } from 'react';
import { inLanguage } from '../../lib/language';
import { joinProofParts, PAYOUT_PROOF_SLOTS, payoutProofFigures } from './payout-proof-figures';

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
  const figures = stats.data ? payoutProofFigures(stats.data) : null;
  if (!figures) return null;
  const paid = inLanguage(messages.payouts.paidProof(figures.payouts, figures.total));
  return (
    <PayoutProofFrame>
      {joinProofParts(paid, figures.wait === null ? null : inLanguage(messages.payouts.usuallyApproved(figures.wait)))}
    </PayoutProofFrame>
  );
}

/**
 * The proof as landing.html carries it (docs/architecture.md#what-a-page-loads-first): hidden, with its texts in
 * the page's language and slots for the figures, which the page's script, without React or the catalogues,
 * writes in once it has read them.
 */
export function PayoutProofTemplate() {
  return (
    <PayoutProofFrame
      hidden
      data-payout-proof=""
      data-paid={inLanguage(messages.payouts.paidProof(PAYOUT_PROOF_SLOTS.payouts, PAYOUT_PROOF_SLOTS.total))}
      data-approved={inLanguage(messages.payouts.usuallyApproved(PAYOUT_PROOF_SLOTS.wait))}
    />
  );
}
