import { errorMessage, trpc } from '@app/client';
import { formatGcashNumber, messages, VIP_TRANSACTION_DIGITS, type VipPlan, vipUpgradeInput } from '@app/contracts';
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
  const utils = trpc.useUtils();
  // raw: the member's reference goes as typed; the server strips the non-digits itself.
  const form = useZodForm(vipUpgradeInput, { defaultValues: { vipTier: plan.id, paymentInfo: { transactionProof: '' } }, raw: true });
  const proofError = form.formState.errors.paymentInfo?.transactionProof?.message;

  const payee = trpc.vip.paymentDetails.useQuery();
  const canPay = Boolean(payee.data?.gcashNumber && payee.data.gcashName);

  const upgrade = trpc.vip.upgrade.useMutation({
    onSuccess: () => {
      toast({ title: messages.vip.requestPending });
      void Promise.all([utils.auth.user.invalidate(), utils.vip.status.invalidate()]);
      onDone();
    },
    onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, messages.vip.failed) }),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => upgrade.mutate(values))} className="grid gap-4">
      <DialogHeading clearOfClose title={`Upgrade to ${plan.name}`} description={`${messages.vip.proofInstructions}.`} />
      <div className="grid gap-1 rounded-lg border bg-muted/50 p-4">
        <p className="text-sm text-muted-foreground">Amount to send</p>
        <p className="text-2xl font-bold tabular-nums">{formatPesosAmount(plan.price)}</p>
        <p className="text-xs text-muted-foreground">{planFacts(plan).join(' · ')}</p>
      </div>
      {payee.isPending && <Skeleton className="h-20 w-full" />}
      {payee.isError && (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>{messages.vip.gcashDetailsFailed}</AlertDescription>
        </Alert>
      )}
      {payee.data && !canPay && (
        <Alert variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>{messages.vip.gcashUnavailable}</AlertTitle>
          <AlertDescription>{messages.vip.gcashUnavailableBody}</AlertDescription>
        </Alert>
      )}
      {payee.data?.gcashNumber && payee.data.gcashName && <Payee number={payee.data.gcashNumber} name={payee.data.gcashName} />}
      <Field
        id="vip-transaction-proof"
        label="G-CASH reference number"
        hint={`The ${VIP_TRANSACTION_DIGITS}-digit number on your G-CASH receipt. Spaces and dashes are fine.`}
        error={proofError}
      >
        <Input inputMode="numeric" autoComplete="off" {...form.register('paymentInfo.transactionProof')} />
      </Field>
      <DialogActions onCancel={onDone}>
        <SubmitButton pending={upgrade.isPending} disabled={!canPay}>
          Submit for approval
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

/** The G-CASH account to send the price to, with its number one tap from the clipboard. */
function Payee({ number, name }: { number: string; name: string }) {
  const { copiedKey, copy } = useCopy();
  async function copyNumber() {
    if (await copy('number', number)) toast({ title: messages.referrals.copied, description: messages.vip.gcashNumberCopied });
    else toast({ variant: 'destructive', title: messages.referrals.copyFailed });
  }
  return (
    <dl className="grid gap-2 rounded-lg border p-4 text-sm">
      {/* The copy button sits beside the number as a second <dd>: a <dl> holds only its terms and values. */}
      <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-0.5">
        <dt className="text-muted-foreground">G-CASH number</dt>
        <dd className="col-start-1 font-mono text-base font-semibold tabular-nums">{formatGcashNumber(number)}</dd>
        <dd className="col-start-2 row-span-2 row-start-1">
          <Button type="button" variant="outline" size="sm" onClick={copyNumber} aria-label="Copy the G-CASH number">
            {copiedKey ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copiedKey ? messages.referrals.copied : 'Copy'}
          </Button>
        </dd>
      </div>
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">Account name</dt>
        <dd className="font-semibold">{name}</dd>
      </div>
    </dl>
  );
}
