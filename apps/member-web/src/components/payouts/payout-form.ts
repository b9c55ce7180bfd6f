import { isServerAnswer } from '@app/client';
import {
  DEFAULT_PAYOUT_METHOD,
  DESTINATION_FIELD_NAMES,
  DESTINATION_FIELDS,
  type PayoutMethod,
  type PayoutRequestInput,
  payoutRequestInput,
} from '@app/contracts';
import { useZodForm } from '@app/ui';

/**
 * What the form starts with (docs/screens.md#member-screens): G-CASH, no amount (the member types one the
 * minimum accepts), and every destination field empty, so switching methods keeps what was typed for each.
 */
export const DEFAULTS: PayoutRequestInput = {
  paymentMethod: DEFAULT_PAYOUT_METHOD,
  amount: '',
  destination: Object.fromEntries(DESTINATION_FIELD_NAMES.map((field) => [field, ''])),
};

/** The form over the server's own schema; raw: the schema turns the amount into centavos, but the server expects the pesos as typed. */
export function usePayoutForm() {
  return useZodForm(payoutRequestInput, { defaultValues: DEFAULTS, raw: true });
}

export type PayoutForm = ReturnType<typeof usePayoutForm>;

/** The request as sent: the chosen method's fields only, not what was typed for another method. */
export function asSent(request: PayoutRequestInput): PayoutRequestInput {
  const fields = DESTINATION_FIELDS[request.paymentMethod as PayoutMethod] ?? [];
  return { ...request, destination: Object.fromEntries(fields.map((field) => [field, request.destination?.[field] ?? ''])) };
}

/** The server's 400 for an amount above the balance, told by its code (docs/api-conventions.md#errors); its message names the balance. */
export function isInsufficientBalance(error: unknown): boolean {
  return isServerAnswer(error) && error.data?.code === 'INSUFFICIENT_BALANCE';
}
