import { trpc } from '@app/client';
import { payoutMethodName, pluralize, staffMessages } from '@app/contracts';
import { Button, formatPesosAmount, SectionCard, Skeleton } from '@app/ui';
import { Download, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toastFailure, toastSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../shared/confirm-dialog';

const m = staffMessages.admin.screens;

/** The export of one method as the list was read: the payouts it holds are the ones "mark sent" then names. */
const exportHref = (method: string, asOf: string) => `/api/admin/payouts/unsent.csv?${new URLSearchParams({ method, asOf }).toString()}`;

/**
 * Approved payouts not yet sent, per method (docs/product-rules.md#payouts-sent): a CSV for the wallet's
 * bulk send or the bank's batch upload, then "mark sent" for exactly the payouts that file holds.
 */
export function UnsentPayouts() {
  const utils = trpc.useUtils();
  const unsent = trpc.admin.payouts.unsent.useQuery();
  const markSent = trpc.admin.payouts.markSent.useMutation();
  const [marking, setMarking] = useState<{ method: string; payoutIds: string[] } | null>(null);

  async function mark(payoutIds: string[]) {
    try {
      const result = await markSent.mutateAsync({ ids: payoutIds });
      toastSuccess(
        `${pluralize(result.marked.length, 'payout')} marked sent${result.skipped.length ? `; ${result.skipped.length} already sent or not approved` : ''}.`,
      );
    } catch (error) {
      toastFailure(error, m.listLoadFailed);
      throw error;
    }
    await Promise.all([utils.admin.payouts.unsent.invalidate(), utils.admin.queueCounts.invalidate()]);
  }

  let body: ReactNode;
  if (unsent.isPending) body = <Skeleton className="h-10 w-full" />;
  else if (unsent.isError) body = <p className="text-sm text-destructive">{m.listLoadFailed}</p>;
  else if (unsent.data.methods.length === 0)
    body = <p className="text-sm text-muted-foreground">Every approved payout has been marked sent.</p>;
  else {
    const { asOf } = unsent.data;
    body = (
      <ul className="grid gap-2">
        {unsent.data.methods.map(({ method, count, total, payoutIds, more }) => (
          <li key={method} className="flex flex-wrap items-center gap-2">
            <span className="min-w-32 font-medium">{payoutMethodName(method)}</span>
            <span className="text-sm tabular-nums text-muted-foreground">
              {pluralize(count, 'payout')}, {formatPesosAmount(total)}
              {more && ` (this file holds the oldest ${payoutIds.length})`}
            </span>
            <span className="ml-auto flex flex-wrap gap-2">
              <Button asChild size="sm" variant="outline">
                <a href={exportHref(method, asOf)} download>
                  <Download aria-hidden="true" />
                  CSV for {payoutMethodName(method)}
                </a>
              </Button>
              <Button size="sm" variant="outline" onClick={() => setMarking({ method, payoutIds })}>
                <Send aria-hidden="true" />
                Mark {payoutIds.length} sent
              </Button>
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <SectionCard title="Approved, not yet sent" description="Download a method's file for its bulk send, then mark those payouts sent.">
      {body}
      {marking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setMarking(null)}
          title={`Mark ${pluralize(marking.payoutIds.length, 'payout')} sent?`}
          description={`The ${payoutMethodName(marking.method)} payouts of the file you downloaded are recorded as sent, by you, now. Do this once the transfer has gone.`}
          confirmLabel="Mark sent"
          askReason={false}
          onConfirm={() => mark(marking.payoutIds)}
        />
      )}
    </SectionCard>
  );
}
