import { formatDate, type Transaction } from '@app/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@app/ui';
import { ShieldCheck } from 'lucide-react';

type Proof = NonNullable<Transaction['proof']>;

/** Times are shown on the product's clock (DESIGN.md section 4), like formatDate's dates. */
const clock = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', hour: 'numeric', minute: '2-digit', second: '2-digit' });

function formatMoment(iso: string): string {
  return `${formatDate(iso)}, ${clock.format(new Date(iso))}`;
}

interface ProofOfViewProps {
  transaction: Pick<Transaction, 'description' | 'createdAt'>;
  proof: Proof;
  /** The row's amount as the table shows it. */
  amount: string;
}

/** An earning's proof of view (DESIGN.md section 5): which task, when the view started and ended, for how long. */
export function ProofOfView({ transaction, proof, amount }: ProofOfViewProps) {
  const facts = [
    { term: 'Task', detail: proof.taskTitle },
    { term: 'Started', detail: formatMoment(proof.startedAt) },
    { term: 'Completed', detail: formatMoment(proof.completedAt) },
    { term: 'Seconds viewed', detail: `${proof.secondsViewed} s` },
    { term: 'Reward', detail: amount },
  ];
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs"
          aria-label={`Proof of view: ${proof.taskTitle}, ${formatDate(transaction.createdAt)}`}
        >
          <ShieldCheck aria-hidden="true" />
          Proof of view
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Proof of view</DialogTitle>
          <DialogDescription>{transaction.description}</DialogDescription>
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
