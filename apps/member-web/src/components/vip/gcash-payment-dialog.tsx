import { errorMessage, refusalDetail, trpc } from '@app/client';
import { formatGcashNumber, messages, VIP_REFERENCE_FIELD, VIP_TRANSACTION_DIGITS, type VipPlan, vipUpgradeInput } from '@app/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogHeading,
  Field,
  formatPesosAmount,
  Input,
  Skeleton,
  SubmitButton,
  toast,
  useCopy,
  useZodForm,
} from '@app/ui';
import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useLanguage } from '../../lib/language';
import { planFacts } from './plan-facts';

interface GcashPaymentDialogProps {
  /** The plan being bought; null while the dialog is closed. */
  plan: VipPlan | null;
  onClose: () => void;
}

/**
 * Buying a plan by G-CASH (docs/screens.md#member-screens and docs/product-rules.md#validation): the member pays, then gives the receipt's
 * reference number, and the plan starts once an admin has verified the payment.
 */
export function GcashPaymentDialog({ plan, onClose }: GcashPaymentDialogProps) {
  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{plan && <PaymentForm key={plan.id} plan={plan} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function PaymentForm({ plan, onDone }: { plan: VipPlan; onDone: () => void }) {
  const { t, m } = useLanguage();
  const utils = trpc.useUtils();
  // raw: the member's reference goes as typed; the server strips the non-digits itself.
  const form = useZodForm(vipUpgradeInput, { defaultValues: { vipTier: plan.id, paymentInfo: { transactionProof: '' } }, raw: true });
  const proofError = form.formState.errors.paymentInfo?.transactionProof?.message;

  const payee = trpc.vip.paymentDetails.useQuery();
  const canPay = Boolean(payee.data?.gcashNumber && payee.data.gcashName);

  const upgrade = trpc.vip.upgrade.useMutation({
    onSuccess: () => {
      toast({ title: m(messages.vip.requestPending) });
      void Promise.all([utils.auth.user.invalidate(), utils.vip.status.invalidate()]);
      onDone();
    },
    // A reference used before is shown at its field (docs/api-conventions.md#errors).
    onError: (error) => {
      if (refusalDetail(error, 'field') === VIP_REFERENCE_FIELD)
        form.setError(VIP_REFERENCE_FIELD, { message: errorMessage(error, '') }, { shouldFocus: true });
      else toast({ variant: 'destructive', title: errorMessage(error, m(messages.vip.failed)) });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => upgrade.mutate(values))} className="grid gap-4">
      <DialogHeading clearOfClose title={t('vip.upgradeTo', { plan: plan.name })} description={`${m(messages.vip.proofInstructions)}.`} />
      <p className="text-xs text-muted-foreground">{planFacts(plan).join(' · ')}</p>
      {payee.isPending && <Skeleton className="h-40 w-full" />}
      {payee.isError && (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>{m(messages.vip.gcashDetailsFailed)}</AlertDescription>
        </Alert>
      )}
      {payee.data && !canPay && (
        <Alert variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>{m(messages.vip.gcashUnavailable)}</AlertTitle>
          <AlertDescription>{m(messages.vip.gcashUnavailableBody)}</AlertDescription>
        </Alert>
      )}
      {payee.data?.gcashNumber && payee.data.gcashName && (
        <PaymentSteps number={payee.data.gcashNumber} name={payee.data.gcashName} price={plan.price} />
      )}
      <Field
        id="vip-transaction-proof"
        label={t('vip.referenceLabel')}
        hint={t('vip.referenceHint', { digits: VIP_TRANSACTION_DIGITS })}
        error={proofError}
      >
        <Input inputMode="numeric" autoComplete="off" {...form.register(VIP_REFERENCE_FIELD)} />
      </Field>
      <DialogActions onCancel={onDone}>
        <SubmitButton pending={upgrade.isPending} disabled={!canPay}>
          {t('vip.submit')}
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

interface PaymentStepsProps {
  /** The payee's G-CASH number, 11 digits. */
  number: string;
  name: string;
  /** The plan's price as the API gives it ("300.00"): what GCash's amount field takes. */
  price: string;
}

/**
 * The payment in GCash's own steps (open GCash, Send Money, the number, the amount, the receipt's reference),
 * with the number and the amount one tap from the clipboard.
 */
function PaymentSteps({ number, name, price }: PaymentStepsProps) {
  const { t, m } = useLanguage();
  const { copiedKey, copy } = useCopy();
  async function copyValue(key: 'number' | 'amount', text: string, done: string) {
    if (await copy(key, text)) toast({ title: m(messages.referrals.copied), description: done });
    else toast({ variant: 'destructive', title: m(messages.referrals.copyFailed) });
  }
  const copyButton = (key: 'number' | 'amount', label: string, text: string, done: string) => (
    <Button type="button" variant="outline" size="sm" onClick={() => void copyValue(key, text, done)} aria-label={label}>
      {copiedKey === key ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copiedKey === key ? m(messages.referrals.copied) : t('vip.copy')}
    </Button>
  );
  return (
    <ol aria-label={t('vip.stepsLabel')} className="grid list-decimal gap-3 rounded-lg border p-4 pl-9 text-sm marker:font-semibold">
      <li>{t('vip.stepOpen')}</li>
      <li>{t('vip.stepSend')}</li>
      <li className="grid gap-1">
        <span>{t('vip.stepNumber', { name })}</span>
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-mono text-base font-semibold tabular-nums">{formatGcashNumber(number)}</span>
          {copyButton('number', t('vip.copyNumber'), number, m(messages.vip.gcashNumberCopied))}
        </span>
      </li>
      <li className="grid gap-1">
        <span>{t('vip.stepAmount')}</span>
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-2xl font-bold tabular-nums">{formatPesosAmount(price)}</span>
          {copyButton('amount', t('vip.copyAmount'), price, t('vip.amountCopied'))}
        </span>
      </li>
      <li>{t('vip.stepReference', { digits: VIP_TRANSACTION_DIGITS })}</li>
    </ol>
  );
}
