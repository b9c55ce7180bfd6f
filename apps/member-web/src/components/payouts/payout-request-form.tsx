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
  Field,
  Input,
  PayoutDetailsField,
  SelectField,
  SubmitButton,
  toast,
  useZodForm,
} from '@app/ui';
import { Send } from 'lucide-react';

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

  const request = trpc.payouts.request.useMutation({
    onSuccess: () => {
      toast({ title: messages.payouts.requestedTitle, description: messages.payouts.requestedBody });
      form.reset(DEFAULTS);
      void Promise.all([utils.auth.user.invalidate(), utils.payouts.list.invalidate(), utils.transactions.invalidate()]);
    },
    onError: (error) => {
      if (isInsufficientBalance(error)) {
        toast({ variant: 'destructive', title: messages.payouts.insufficientTitle, description: error.message });
        // The toast goes; the amount keeps saying why until it is changed.
        form.setError('amount', { message: error.message }, { shouldFocus: true });
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
        <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="grid gap-5">
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
      </CardContent>
    </Card>
  );
}
