import { formatDate, type Transaction } from '@app/contracts';
import { type DeferredControlState, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@app/ui';

import type { Proof } from './proof-of-view';

/** Times are shown on the product's clock (docs/product-rules.md#money-and-time), like formatDate's dates. */
const clock = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', hour: 'numeric', minute: '2-digit', second: '2-digit' });

function formatMoment(iso: string): string {
  return `${formatDate(iso)}, ${clock.format(new Date(iso))}`;
}

interface ProofOfViewDialogProps extends DeferredControlState {
  description: Transaction['description'];
  proof: Proof;
  /** The row's amount as the table shows it. */
  amount: string;
}

/** The facts of one proof of view, in a dialog that ProofOfView loads after the first paint. */
export function ProofOfViewDialog({ description, proof, amount, open, onOpenChange, trigger }: ProofOfViewDialogProps) {
  const facts = [
    { term: 'Task', detail: proof.taskTitle },
    { term: 'Started', detail: formatMoment(proof.startedAt) },
    { term: 'Completed', detail: formatMoment(proof.completedAt) },
    { term: 'Seconds viewed', detail: `${proof.secondsViewed} s` },
    { term: 'Reward', detail: amount },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Proof of view</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 text-sm">
          {facts.map(({ term, detail }) => (
            <div key={term} className="grid gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-4">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium break-words tabular-nums">{detail}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
