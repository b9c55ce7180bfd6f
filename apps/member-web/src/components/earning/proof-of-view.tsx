import type { Transaction } from '@app/contracts';
import { Button, DeferredControl, lazyExport } from '@app/ui';
import { ShieldCheck } from 'lucide-react';
import { useLanguage } from '../../lib/language';

export type Proof = NonNullable<Transaction['proof']>;

/** The dialog (Radix's) is not needed for the first paint of the dashboard's recent transactions. */
const ProofOfViewDialog = lazyExport(() => import('./proof-of-view-dialog'), 'ProofOfViewDialog');

interface ProofOfViewProps {
  transaction: Pick<Transaction, 'description' | 'createdAt'>;
  proof: Proof;
  /** The row's amount as the table shows it. */
  amount: string;
}

/** An earning's proof of view (docs/product-rules.md#decided-rules): which task, when the view started and ended, for how long. */
export function ProofOfView({ transaction, proof, amount }: ProofOfViewProps) {
  const { t, m, formatDate } = useLanguage();
  return (
    <DeferredControl
      preload={ProofOfViewDialog.preload}
      button={
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs"
          aria-label={t('proof.open', { task: proof.taskTitle, date: formatDate(transaction.createdAt) })}
        >
          <ShieldCheck aria-hidden="true" />
          {t('proof.title')}
        </Button>
      }
    >
      {(dialog) => <ProofOfViewDialog description={m(transaction.description)} proof={proof} amount={amount} {...dialog} />}
    </DeferredControl>
  );
}
