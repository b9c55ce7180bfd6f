import { isServerAnswer, isUnauthorizedError, trpc } from '@app/client';
import {
  COMMISSION_PAYOUT_METHODS,
  type CommissionPayoutRequestInput,
  commissionPayoutRequestInput,
  formatPesos,
  parsePesos,
  payoutMethodOptions,
  staffMessages,
} from '@app/contracts';
import {
  type DeferredControlState,
  Dialog,
  DialogActions,
  DialogContent,
  DialogHeading,
  DialogTrigger,
  Field,
  formatPesosAmount,
  Input,
  PayoutDetailsField,
  SelectField,
  SubmitButton,
  toast,
  useZodForm,
} from '@app/ui';
import { Send } from 'lucide-react';
import { useMemo } from 'react';

const m = staffMessages.commission;
const EMPTY: CommissionPayoutRequestInput = { amount: '', paymentMethod: '', accountDetails: '' };

/**
 * The server's rules plus the balance the dashboard shows, so an amount above it is refused before
 * asking; the server holds the amount to the balance again at the moment of the request.
 */
function requestRules(balance: string) {
  // A balance below zero (after an admin's adjustment) does not parse: nothing can be requested then.
  const available = parsePesos(balance) ?? 0;
  return commissionPayoutRequestInput.refine((request) => request.amount <= available, {
    path: ['amount'],
    message: m.amountOverBalance(formatPesos(available)),
  });
}

interface RequestPayoutDialogProps extends DeferredControlState {
  balance: string;
}

/**
 * The operator's request-payout dialog (docs/screens.md#admin-screens, docs/product-rules.md#validation and docs/api-conventions.md#messages-and-errors); the dashboard loads it after
 * its first paint, with the form's react-hook-form, zod and Radix dialog and select.
 */
export function RequestPayoutDialog({ balance, open, onOpenChange, trigger }: RequestPayoutDialogProps) {
  const utils = trpc.useUtils();
  const rules = useMemo(() => requestRules(balance), [balance]);
  // raw: the schema turns the amount into centavos, but the server expects the pesos as typed.
  const form = useZodForm(rules, { defaultValues: EMPTY, raw: true });
  const { errors } = form.formState;

  const request = trpc.commission.requestPayout.useMutation({
    onSuccess: () => {
      toast({ title: m.requestedTitle, description: m.requestedBody });
      onOpenChange(false);
      form.reset(EMPTY);
      void Promise.all([utils.commission.stats.invalidate(), utils.commission.payouts.invalidate()]);
    },
    onError: (error) => {
      if (!isServerAnswer(error)) {
        toast({ variant: 'destructive', title: m.requestErrorTitle, description: m.requestError });
        return;
      }
      toast({ variant: 'destructive', title: m.requestFailedTitle, description: error.message || m.requestFailed });
      // The balance moved (or the session ended) since the dashboard loaded: show the current state.
      void (isUnauthorizedError(error) ? utils.commission.auth.invalidate() : utils.commission.stats.invalidate());
    },
  });

  function changeOpen(next: boolean) {
    onOpenChange(next);
    if (!next) form.reset(EMPTY);
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeading
          title="Request Payout"
          description={
            <>
              Available balance: <span className="font-semibold text-foreground">{formatPesosAmount(balance)}</span>. An admin approves and
              pays each request.
            </>
          }
        />
        <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))} className="grid gap-5">
          <Field id="commission-amount" label="Amount (₱)" error={errors.amount?.message}>
            <Input type="number" inputMode="decimal" step="0.01" min="0.01" autoComplete="off" {...form.register('amount')} />
          </Field>
          <SelectField
            control={form.control}
            name="paymentMethod"
            id="commission-method"
            label="Payment method"
            placeholder="Choose a method"
            options={payoutMethodOptions(COMMISSION_PAYOUT_METHODS)}
            error={errors.paymentMethod?.message}
          />
          <PayoutDetailsField
            id="commission-details"
            label="Account details"
            hint="The number or account where the money goes, and the account holder's name."
            error={errors.accountDetails?.message}
            {...form.register('accountDetails')}
          />
          <DialogActions onCancel={() => changeOpen(false)}>
            <SubmitButton pending={request.isPending} icon={Send}>
              Submit Request
            </SubmitButton>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
