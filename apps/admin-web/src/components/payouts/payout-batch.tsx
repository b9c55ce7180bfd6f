import { trpc } from '@app/client';
import { formatPesos, type PayoutBatchResult, type PendingPayout, payoutMethodName, pluralize, staffMessages } from '@app/contracts';
import { Button, Card, formatPesosAmount } from '@app/ui';
import { CheckCheck, X } from 'lucide-react';
import { type RefObject, useRef, useState } from 'react';
import { announce } from '../../lib/announce';
import { toastFailure } from '../../lib/feedback';
import { ConfirmDialog } from '../shared/confirm-dialog';

const m = staffMessages.admin.screens;

/** Flagged or held: left out of "all on this page", included only when ticked one by one. */
const isFlagged = (payout: PendingPayout) => payout.flags.length > 0;

/** The payouts ticked on the page, by id. */
export type Selection = ReadonlyMap<string, PendingPayout>;

/** Centavos of an amount string ("200.00"): the total a confirmation restates. */
const centavosOf = (amount: string) => Math.round(Number(amount) * 100);

/** "G-CASH ×3, Maya ×1": the methods a batch pays by. */
function methodsOf(payouts: readonly PendingPayout[]): string {
  const counts = new Map<string, number>();
  for (const payout of payouts) counts.set(payout.paymentMethod, (counts.get(payout.paymentMethod) ?? 0) + 1);
  return [...counts].map(([method, count]) => `${payoutMethodName(method)} ×${count}`).join(', ');
}

/** What the confirmation restates (docs/product-rules.md#batch-decisions): count, total, methods, and the flagged left out or ticked. */
function batchSummary(selected: readonly PendingPayout[], page: readonly PendingPayout[]): string {
  const total = formatPesos(selected.reduce((sum, payout) => sum + centavosOf(payout.amount), 0));
  const ticked = selected.filter(isFlagged).length;
  const leftOut = page.filter((payout) => isFlagged(payout) && !selected.includes(payout)).length;
  return [
    `${pluralize(selected.length, 'payout')}, ${total} in all, by ${methodsOf(selected)}.`,
    ticked > 0 ? `${ticked} flagged or held, ticked one by one, ${ticked === 1 ? 'is' : 'are'} included.` : '',
    leftOut > 0 ? `${leftOut} flagged or held on this page ${leftOut === 1 ? 'is' : 'are'} left out.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

interface BatchBarProps {
  page: readonly PendingPayout[];
  selection: Selection;
  onSelect: (next: Selection) => void;
}

/**
 * The batch above the payouts queue: "all on this page" (the page as searched, the flagged left out), how
 * many are ticked and their total, and one approval or one decline for them all, each confirmed once. The
 * result says which were decided and which were refused, and why.
 */
export function BatchBar({ page, selection, onSelect }: BatchBarProps) {
  const utils = trpc.useUtils();
  const decide = trpc.admin.payouts.decideBatch.useMutation();
  const [deciding, setDeciding] = useState<'approved' | 'declined' | null>(null);
  const [result, setResult] = useState<{ outcome: PayoutBatchResult; names: Map<string, string> } | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const selected = page.filter((payout) => selection.has(payout.id));
  const clean = page.filter((payout) => !isFlagged(payout));
  const allClean = clean.length > 0 && clean.every((payout) => selection.has(payout.id));
  const total = selected.reduce((sum, payout) => sum + centavosOf(payout.amount), 0);

  function toggleAll() {
    onSelect(new Map(allClean ? [] : clean.map((payout) => [payout.id, payout])));
  }

  async function run(status: 'approved' | 'declined', reason: string) {
    const names = new Map(selected.map((payout) => [payout.id, payout.email]));
    let outcome: PayoutBatchResult;
    try {
      outcome = await decide.mutateAsync({
        status,
        ...(status === 'declined' ? { reason } : {}),
        payouts: selected.map((payout) => ({ id: payout.id, amount: payout.amount, flagged: isFlagged(payout) })),
      });
    } catch (error) {
      toastFailure(error, m.payoutStatusFailed);
      throw error;
    }
    await Promise.all([
      utils.admin.payouts.pending.invalidate(),
      utils.admin.stats.invalidate(),
      utils.admin.queueCounts.invalidate(),
      utils.admin.users.list.invalidate(),
    ]);
    onSelect(new Map());
    setResult({ outcome, names });
    const verb = status === 'approved' ? 'approved' : 'declined';
    announce(
      `${pluralize(outcome.decided.length, 'payout')} ${verb} and gone from the queue; ${pluralize(outcome.refused.length, 'payout')} refused.`,
    );
  }

  return (
    <div className="grid gap-3">
      <Card className="flex flex-wrap items-center gap-3 p-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={allClean} onChange={toggleAll} disabled={clean.length === 0} />
          All on this page
          <span className="text-muted-foreground">(flagged left out)</span>
        </label>
        <p className="text-sm tabular-nums" aria-live="polite">
          {selected.length > 0 ? `${selected.length} selected · ${formatPesos(total)}` : 'None selected'}
        </p>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button size="sm" aria-disabled={selected.length === 0} onClick={() => selected.length > 0 && setDeciding('approved')}>
            <CheckCheck aria-hidden="true" />
            Approve selected
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-disabled={selected.length === 0}
            onClick={() => selected.length > 0 && setDeciding('declined')}
          >
            <X aria-hidden="true" />
            Decline selected
          </Button>
        </div>
      </Card>
      {deciding && (
        <ConfirmDialog
          key={deciding}
          open
          onOpenChange={(open) => !open && setDeciding(null)}
          title={
            deciding === 'approved'
              ? `Approve ${pluralize(selected.length, 'payout')}?`
              : `Decline ${pluralize(selected.length, 'payout')}?`
          }
          description={
            deciding === 'approved'
              ? `Pay ${batchSummary(selected, page)} Each is decided on its own: one refused leaves the others paid.`
              : `Return ${batchSummary(selected, page)} Every member reads your reason.`
          }
          confirmLabel={deciding === 'approved' ? `Pay ${formatPesos(total)}` : `Decline ${pluralize(selected.length, 'payout')}`}
          askReason={deciding === 'declined'}
          required={deciding === 'declined' ? staffMessages.admin.declineReasonRequired : undefined}
          destructive={deciding === 'declined'}
          onConfirm={(reason) => run(deciding, reason)}
          focusAfter={() => resultHeading.current}
        />
      )}
      {result && <BatchOutcome result={result} headingRef={resultHeading} onDismiss={() => setResult(null)} />}
    </div>
  );
}

const REFUSAL_WORDS: Record<PayoutBatchResult['refused'][number]['code'], string> = {
  held: 'held',
  already_decided: 'already decided',
  stale: 'changed since you looked',
  own_payout: 'your own payout',
  not_found: 'not found',
};

function BatchOutcome({
  result,
  headingRef,
  onDismiss,
}: {
  result: { outcome: PayoutBatchResult; names: Map<string, string> };
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDismiss: () => void;
}) {
  const { outcome, names } = result;
  const verb = outcome.status === 'approved' ? 'Approved' : 'Declined';
  return (
    <Card className="grid gap-2 p-3 text-sm" aria-labelledby="batch-result-title">
      <div className="flex items-center gap-2">
        <h2 id="batch-result-title" ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
          {verb} {outcome.decided.length}, refused {outcome.refused.length}
        </h2>
        <Button variant="ghost" size="sm" className="ml-auto" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      {outcome.decided.length > 0 && (
        <ul className="grid gap-0.5" aria-label={verb}>
          {outcome.decided.map((payout) => (
            <li key={payout.id}>
              {verb}: {names.get(payout.id) ?? payout.id}, {formatPesosAmount(payout.amount)} by {payoutMethodName(payout.paymentMethod)}
            </li>
          ))}
        </ul>
      )}
      {outcome.refused.length > 0 && (
        <ul className="grid gap-0.5 text-destructive" aria-label="Refused">
          {outcome.refused.map((payout) => (
            <li key={payout.id}>
              Refused ({REFUSAL_WORDS[payout.code]}): {names.get(payout.id) ?? payout.id}. {payout.message}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
