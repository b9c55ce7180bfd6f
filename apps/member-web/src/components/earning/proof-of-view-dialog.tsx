import type { Transaction } from '@app/contracts';
import {
  type DeferredControlState,
  DescriptionList,
  type DescriptionListLayout,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@app/ui';
import { useLanguage } from '../../lib/language';
import type { Proof } from './proof-of-view';

/** The term beside its value from sm, above it on a phone. */
const FACTS_LAYOUT: DescriptionListLayout = {
  list: 'grid gap-3 text-sm',
  pair: 'grid gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-4',
  term: 'text-muted-foreground',
  value: 'font-medium break-words tabular-nums',
};

interface ProofOfViewDialogProps extends DeferredControlState {
  description: Transaction['description'];
  proof: Proof;
  /** The row's amount as the table shows it. */
  amount: string;
}

/** The facts of one proof of view, in a dialog that ProofOfView loads after the first paint. */
export function ProofOfViewDialog({ description, proof, amount, open, onOpenChange, trigger }: ProofOfViewDialogProps) {
  const { t, formatDateTime } = useLanguage();
  // Times are shown on the product's clock (docs/product-rules.md#money-and-time), to the second.
  const formatMoment = (iso: string) => formatDateTime(iso, true);
  const facts = [
    { term: t('proof.task'), value: proof.taskTitle },
    { term: t('proof.started'), value: formatMoment(proof.startedAt) },
    { term: t('proof.completed'), value: formatMoment(proof.completedAt) },
    { term: t('proof.secondsViewed'), value: t('proof.seconds', { seconds: proof.secondsViewed }) },
    { term: t('proof.reward'), value: amount },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('proof.title')}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DescriptionList items={facts} layout={FACTS_LAYOUT} />
      </DialogContent>
    </Dialog>
  );
}
