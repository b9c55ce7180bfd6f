import { errorMessage, isOfflineFailure, isServerAnswer, trpc } from '@app/client';
import {
  asPage,
  type DestinationField,
  describeDestination,
  destinationFormFields,
  messages,
  PAYOUT_MAX_CENTAVOS,
  PAYOUT_METHODS,
  PAYOUT_MIN_CENTAVOS,
  type Payout,
  type PayoutRequestInput,
  parsePesos,
  payoutMethodName,
  payoutMethodOptions,
} from '@app/contracts';
import {
  AppLink,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  Input,
  Progress,
  SelectField,
  SubmitButton,
  toast,
} from '@app/ui';
import { History, Send } from 'lucide-react';
import { useState } from 'react';
import { useLanguage } from '../../lib/language';
import { FIRST_PAGE } from '../../lib/member-list';
import { ConfirmPayout } from './confirm-payout';
import { DestinationFields } from './destination-fields';
import { asSent, DEFAULTS, isInsufficientBalance, usePayoutForm } from './payout-form';

const p = messages.payouts;

interface PayoutRequestFormProps {
  /** The member's available balance, as the signed-in user carries it. */
  availableBalance: string;
  onHold: boolean;
}

/**
 * The payout request, or while the available balance is under the minimum how much is still to go: a
 * request then could only be refused (docs/screens.md#member-screens).
 */
export function PayoutRequestForm({ availableBalance, onHold }: PayoutRequestFormProps) {
  const available = parsePesos(availableBalance) ?? 0;
  if (available < PAYOUT_MIN_CENTAVOS) return <CashOutProgress available={available} />;
  return <RequestForm available={available} onHold={onHold} />;
}

/** How far the balance is from the minimum payout, and where the rest is earned. */
function CashOutProgress({ available }: { available: number }) {
  const { t, m, formatPesos } = useLanguage();
  const minimum = formatPesos(PAYOUT_MIN_CENTAVOS);
  return (
    <Card role="region" aria-labelledby="cash-out-progress-title">
      <CardHeader>
        <CardTitle id="cash-out-progress-title">{m(p.toGo(formatPesos(PAYOUT_MIN_CENTAVOS - available)))}</CardTitle>
        <CardDescription>{m(p.toGoBody(formatPesos(available), minimum))}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Progress
          value={(available / PAYOUT_MIN_CENTAVOS) * 100}
          aria-labelledby="cash-out-progress-title"
          aria-valuetext={t('payouts.progressOf', { amount: formatPesos(available), minimum })}
        />
        <Button asChild variant="outline" className="justify-self-start">
          <AppLink href="/tasks">{t('payouts.earnWithTasks')}</AppLink>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The destination of the member's latest payout that has one and was not declined (a decline may be the
 * team refusing that very account): the page's history has already asked for it.
 */
function useLastDestination(): Payout['destination'] {
  const payouts = trpc.payouts.list.useQuery(FIRST_PAGE);
  const offered = payouts.data && asPage(payouts.data).items.find((payout) => payout.destination && payout.status !== 'declined');
  return offered?.destination ?? null;
}

/**
 * The payout request (docs/screens.md#member-screens, docs/product-rules.md#validation and docs/api-conventions.md#messages-and-errors). The form checks the rules with the server's
 * own schema; the server checks them again together with the balance. While the member's payouts are on
 * hold (the page says why) nothing can be sent. The schema's refusals are `messages`' English texts, said
 * in the member's language here; the server's come in it already (docs/architecture.md#two-languages).
 */
function RequestForm({ available, onHold }: { available: number; onHold: boolean }) {
  const { t, m, formatPesos } = useLanguage();
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

  const lastDestination = useLastDestination();
  // One tap fills in the method and the fields of the last destination, written as the form takes them.
  const fillLastDestination = (destination: NonNullable<typeof lastDestination>) => {
    form.setValue('paymentMethod', destination.method);
    for (const [field, value] of Object.entries(destinationFormFields(destination))) {
      form.setValue(`destination.${field as DestinationField}`, value, { shouldValidate: form.formState.isSubmitted });
    }
    form.setFocus('amount');
  };

  // After a request, the success path: the toast, the form emptied, and the balance and lists read again.
  const request = trpc.payouts.request.useMutation({
    onSuccess: () => {
      setConfirming(null);
      toast({ title: m(p.requestedTitle), description: m(p.requestedBody) });
      form.reset(DEFAULTS);
      void Promise.all([utils.auth.user.invalidate(), utils.payouts.list.invalidate(), utils.transactions.invalidate()]);
    },
    onError: (error) => {
      setConfirming(null);
      if (isInsufficientBalance(error)) {
        toast({ variant: 'destructive', title: m(p.insufficientTitle), description: error.message });
        // The toast goes; the amount keeps saying why until it is changed, and has the focus once the
        // confirmation has closed (focusAmountIfRefused).
        form.setError('amount', { message: error.message });
        return;
      }
      // A refusal with its own reason (a suspended account, maintenance), or no connection, is worth showing under the fallback.
      const reason = isServerAnswer(error) || isOfflineFailure(error) ? errorMessage(error, m(p.failed)) : undefined;
      toast({ variant: 'destructive', title: m(p.failed), description: reason });
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('payouts.requestTitle')}</CardTitle>
        <CardDescription>
          {t('payouts.limits', { minimum: formatPesos(PAYOUT_MIN_CENTAVOS), maximum: formatPesos(PAYOUT_MAX_CENTAVOS) })}{' '}
          {m(messages.content.payoutProcessing)} {t('payouts.noPurchaseNeeded')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit((request) => setConfirming(asSent(request)))} className="grid gap-5">
          {lastDestination && (
            <Button
              type="button"
              variant="outline"
              className="h-auto justify-self-start whitespace-normal text-left"
              onClick={() => fillLastDestination(lastDestination)}
            >
              <History aria-hidden="true" />
              {m(p.useLast(describeDestination({ ...lastDestination, accountName: undefined }), payoutMethodName(lastDestination.method)))}
            </Button>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              control={form.control}
              name="paymentMethod"
              id="payout-method"
              label={t('payouts.method')}
              placeholder={t('payouts.chooseMethod')}
              options={payoutMethodOptions(PAYOUT_METHODS)}
              error={m(errors.paymentMethod?.message)}
            />
            <Field
              id="payout-amount"
              label={t('payouts.amount')}
              hint={m(p.amountRange(formatPesos(PAYOUT_MIN_CENTAVOS), formatPesos(Math.min(available, PAYOUT_MAX_CENTAVOS))))}
              error={m(errors.amount?.message)}
            >
              <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
            </Field>
          </div>
          <DestinationFields form={form} />
          <SubmitButton pending={request.isPending} disabled={onHold} icon={Send} className="justify-self-start">
            {t('payouts.request')}
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
