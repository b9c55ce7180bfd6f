import { PAYOUT_DETAILS_MAX_LENGTH } from '@app/contracts';
import type { ComponentProps } from 'react';
import { Field } from './field';
import { Textarea } from './input';

interface PayoutDetailsFieldProps extends ComponentProps<'textarea'> {
  id: string;
  label: string;
  hint: string;
  error?: string;
}

/** Where a payout goes (a member's or the operator's request): three lines, as long as the server accepts. */
export function PayoutDetailsField({ id, label, hint, error, ...textarea }: PayoutDetailsFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Textarea rows={3} maxLength={PAYOUT_DETAILS_MAX_LENGTH} {...textarea} />
    </Field>
  );
}
