import { isServerAnswer, trpc } from '@app/client';
import {
  DEFAULT_PAYOUT_AMOUNT,
  DEFAULT_PAYOUT_METHOD,
  DESTINATION_FIELD_NAMES,
  DESTINATION_FIELDS,
  type DestinationField,
  describeDestination,
  formatPesos,
  messages,
  PAYOUT_BANKS,
  PAYOUT_MAX_CENTAVOS,
  PAYOUT_METHODS,
  PAYOUT_MIN_CENTAVOS,
  type PayoutMethod,
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
  SelectField,
  SubmitButton,
  toast,
  useZodForm,
} from '@app/ui';
import { Send } from 'lucide-react';
import { type ComponentProps, useState } from 'react';

const m = messages.payouts;
const d = m.destination;

/**
 * What the form starts with (docs/product-rules.md#constants-and-limits): PayPal and ₱10.00, which the minimum
 * then refuses, and every destination field empty, so switching methods keeps what was typed for each.
 */
const DEFAULTS: PayoutRequestInput = {
  paymentMethod: DEFAULT_PAYOUT_METHOD,
  amount: DEFAULT_PAYOUT_AMOUNT,
  destination: Object.fromEntries(DESTINATION_FIELD_NAMES.map((field) => [field, ''])),
};

/** The form over the server's own schema; raw: the schema turns the amount into centavos, but the server expects the pesos as typed. */
function usePayoutForm() {
  return useZodForm(payoutRequestInput, { defaultValues: DEFAULTS, raw: true });
}

/** The request as sent: the chosen method's fields only, not what was typed for another method. */
function asSent(request: PayoutRequestInput): PayoutRequestInput {
  const fields = DESTINATION_FIELDS[request.paymentMethod as PayoutMethod] ?? [];
  return { ...request, destination: Object.fromEntries(fields.map((field) => [field, request.destination?.[field] ?? ''])) };
}

/** How each field is typed on a phone: the keyboard it opens and what the browser may fill in. */
const FIELD_INPUT: Partial<Record<DestinationField, ComponentProps<'input'>>> = {
  mobile: { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national', placeholder: '0917 123 4567' },
  account: { autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  accountNumber: { inputMode: 'numeric', autoComplete: 'off' },
  accountName: { autoComplete: 'name' },
  payId: { inputMode: 'numeric', autoComplete: 'off' },
};

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
  const form = usePayoutForm();
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
        <form noValidate onSubmit={form.handleSubmit((request) => setConfirming(asSent(request)))} className="grid gap-5">
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
          <DestinationFields form={form} />
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

/**
 * Where the money goes, as the chosen method asks for it (docs/product-rules.md#payout-destinations): a wallet's
 * number and holder, a bank and account, an e-mail or a Pay ID, each checked at its own field.
 */
function DestinationFields({ form }: { form: ReturnType<typeof usePayoutForm> }) {
  const method = form.watch('paymentMethod') as PayoutMethod;
  const errors = form.formState.errors.destination;
  const fields = DESTINATION_FIELDS[method] ?? [];
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map((field) =>
        field === 'bank' ? (
          <SelectField
            key={field}
            control={form.control}
            name="destination.bank"
            id="payout-bank"
            label={d.labels.bank}
            placeholder="Choose the bank"
            options={PAYOUT_BANKS}
            error={errors?.bank?.message}
          />
        ) : (
          <Field
            key={field}
            id={`payout-${field}`}
            label={field === 'mobile' ? d.labels.mobile(method) : d.labels[field]}
            hint={field === 'mobile' || field === 'accountName' ? d.hints[field] : undefined}
            error={errors?.[field]?.message}
          >
            <Input {...FIELD_INPUT[field]} {...form.register(`destination.${field}`)} />
          </Field>
        ),
      )}
    </div>
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
  // The form has checked it with this schema, so it parses; amount and account are shown as the server will read them.
  const parsed = request ? payoutRequestInput.parse(request) : null;
  const amount = parsed ? formatPesos(parsed.amount) : '';
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {request && (
          <>
            <DialogHeading clearOfClose title={m.confirmTitle(amount, request.paymentMethod)} description={m.confirmBody(amount)} />
            <div className="rounded-md border bg-muted/40 p-3">
              <p className="text-muted-foreground text-xs font-medium uppercase tracking-wide">{d.sendTo}</p>
              <p className="mt-1 break-words font-medium">{parsed && describeDestination(parsed.destination)}</p>
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
