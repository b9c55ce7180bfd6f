import { isServerAnswer, trpc } from '@app/client';
import {
  DEFAULT_PAYOUT_AMOUNT,
  DEFAULT_PAYOUT_METHOD,
  formatPesos,
  messages,
  PAYOUT_MAX_CENTAVOS,
  PAYOUT_METHODS,
  PAYOUT_MIN_CENTAVOS,
  type PayoutRequestInput,
  payoutRequestInput,
} from '@app/contracts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogActions,
  DialogContent,
  DialogHeading,
  Field,
  Input,
  PayoutDetailsField,
  SelectField,
  SubmitButton,
  toast,
  useZodForm,
} from '@app/ui';
import { Send } from 'lucide-react';
import { useState } from 'react';

const m = messages.payouts;

/** What the form starts with (docs/product-rules.md#constants-and-limits): PayPal and ₱10.00, which the minimum then refuses. */
const DEFAULTS: PayoutRequestInput = { paymentMethod: DEFAULT_PAYOUT_METHOD, amount: DEFAULT_PAYOUT_AMOUNT, paymentDetails: '' };

/** The server's 400 for an amount above the balance, told by its code (docs/api-conventions.md#errors); its message names the balance. */
function isInsufficientBalance(error: unknown): boolean {
  return isServerAnswer(error) && error.data?.code === 'INSUFFICIENT_BALANCE';
}

/**
 * The payout request (docs/screens.md#member-screens, docs/product-rules.md#validation and docs/api-conventions.md#messages-and-errors). The form checks the rules with the server's
 * own schema; the server checks them again together with the balance. While the member's payouts are on
 * hold (the page says why) nothing can be sent.
 */
export function PayoutRequestForm({ onHold }: { onHold: boolean }) {
  const utils = trpc.useUtils();
  // raw: the schema turns the amount into centavos, but the server expects the pesos as typed.
  const form = useZodForm(payoutRequestInput, { defaultValues: DEFAULTS, raw: true });
  const { errors } = form.formState;
  // The request the member is asked to confirm, as typed; null while no confirmation is open.
  const [confirming, setConfirming] = useState<PayoutRequestInput | null>(null);

  // A closing confirmation gives the focus back to the button that opened it, unless the amount was refused.
  const focusAmountIfRefused = (event: Event) => {
    if (!form.getFieldState('amount').error) return;
    event.preventDefault();
    form.setFocus('amount');
  };

  const request = trpc.payouts.request.useMutation({
    onSuccess: () => {
      setConfirming(null);
      toast({ title: messages.payouts.requestedTitle, description: messages.payouts.requestedBody });
      form.reset(DEFAULTS);
      void Promise.all([utils.auth.user.invalidate(), utils.payouts.list.invalidate(), utils.transactions.invalidate()]);
    },
    onError: (error) => {
      setConfirming(null);
      if (isInsufficientBalance(error)) {
        toast({ variant: 'destructive', title: messages.payouts.insufficientTitle, description: error.message });
        // The toast goes; the amount keeps saying why until it is changed, and has the focus once the
        // confirmation has closed (focusAmountIfRefused).
        form.setError('amount', { message: error.message });
        return;
      }
      // A refusal with its own reason (a suspended account, maintenance) is worth showing under the fallback.
      toast({ variant: 'destructive', title: messages.payouts.failed, description: isServerAnswer(error) ? error.message : undefined });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Request a payout</CardTitle>
        <CardDescription>
          Minimum payout {formatPesos(PAYOUT_MIN_CENTAVOS)}, maximum {formatPesos(PAYOUT_MAX_CENTAVOS)} per request.{' '}
          {messages.content.payoutProcessing} No plan or purchase is needed to withdraw.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(setConfirming)} className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              control={form.control}
              name="paymentMethod"
              id="payout-method"
              label="Payment method"
              placeholder="Choose a method"
              options={PAYOUT_METHODS}
              error={errors.paymentMethod?.message}
            />
            <Field id="payout-amount" label="Amount (₱)" error={errors.amount?.message}>
              <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
            </Field>
          </div>
          <PayoutDetailsField
            id="payout-details"
            label="Payment details"
            hint="The number, e-mail or account where we send the money, and the account holder's name."
            error={errors.paymentDetails?.message}
            {...form.register('paymentDetails')}
          />
          <SubmitButton pending={request.isPending} disabled={onHold} icon={Send} className="justify-self-start">
            Request Payout
          </SubmitButton>
        </form>
        <ConfirmPayout
          request={confirming}
          pending={request.isPending}
          onConfirm={() => confirming && request.mutate(confirming)}
          onCancel={() => setConfirming(null)}
          onCloseAutoFocus={focusAmountIfRefused}
        />
      </CardContent>
    </Card>
  );
}

interface ConfirmPayoutProps {
  /** The request as the form checked it; null while the dialog is closed. */
  request: PayoutRequestInput | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * The payout restated before it is sent: the amount leaves the balance at once, and money sent to a
 * mistyped account is gone, so the member reads the account back first (docs/screens.md#member-screens).
 */
function ConfirmPayout({ request, pending, onConfirm, onCancel, onCloseAutoFocus }: ConfirmPayoutProps) {
  // The form has checked it with this schema, so it parses; the amount is shown as the server will read it.
  const amount = request ? formatPesos(payoutRequestInput.parse(request).amount) : '';
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {request && (
          <>
            <DialogHeading clearOfClose title={m.confirmTitle(amount, request.paymentMethod)} description={m.confirmBody(amount)} />
            <div className="rounded-md border bg-muted/40 p-3">
              <p className="text-muted-foreground text-xs font-medium uppercase tracking-wide">Send to</p>
              <p className="mt-1 whitespace-pre-wrap break-words font-medium">{request.paymentDetails.trim()}</p>
            </div>
            <DialogActions onCancel={onCancel}>
              <SubmitButton type="button" icon={Send} pending={pending} onClick={onConfirm}>
                {m.confirmAction(amount)}
              </SubmitButton>
            </DialogActions>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
