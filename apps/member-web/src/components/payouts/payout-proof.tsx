import { trpc } from '@app/client';
import { formatApproxDuration, messages, pluralize } from '@app/contracts';
import { formatPesosAmount } from '@app/ui';
import { BadgeCheck } from 'lucide-react';
import { inLanguage } from '../../lib/language';

/**
 * What was paid out lately, for visitors deciding whether to trust us: shown only when there is
 * something to show, and never an error on the landing page.
 */
export function PayoutProof() {
  const stats = trpc.payouts.publicStats.useQuery();
  if (!stats.data || stats.data.paidCount === 0) return null;
  const { paidCount, paidTotal, medianApprovalSeconds } = stats.data;
  const parts = [inLanguage(messages.payouts.paidProof(pluralize(paidCount, 'payout'), formatPesosAmount(paidTotal)))];
  if (medianApprovalSeconds !== null) parts.push(inLanguage(messages.payouts.usuallyApproved(formatApproxDuration(medianApprovalSeconds))));
  return (
    <p className="flex max-w-2xl items-start gap-2 rounded-lg border bg-card p-3 text-sm sm:items-center sm:p-4">
      <BadgeCheck className="mt-0.5 size-5 shrink-0 text-success sm:mt-0" aria-hidden="true" />
      <span>{parts.join(' · ')}</span>
    </p>
  );
}
