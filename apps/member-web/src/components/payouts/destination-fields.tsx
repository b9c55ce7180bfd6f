import { DESTINATION_FIELDS, type DestinationField, messages, PAYOUT_BANKS, type PayoutMethod } from '@app/contracts';
import { Field, Input, SelectField } from '@app/ui';
import type { ComponentProps } from 'react';
import { useLanguage } from '../../lib/language';
import type { PayoutForm } from './payout-form';

const d = messages.payouts.destination;

/** How each field is typed on a phone: the keyboard it opens and what the browser may fill in. */
const FIELD_INPUT: Partial<Record<DestinationField, ComponentProps<'input'>>> = {
  mobile: { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national', placeholder: '0917 123 4567' },
  account: { autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  accountNumber: { inputMode: 'numeric', autoComplete: 'off' },
  accountName: { autoComplete: 'name' },
  payId: { inputMode: 'numeric', autoComplete: 'off' },
};

/**
 * Where the money goes, as the chosen method asks for it (docs/product-rules.md#payout-destinations): a wallet's
 * number and holder, a bank and account, an e-mail or a Pay ID, each checked at its own field. The labels and
 * the schema's refusals are `messages`' texts, said in the member's language.
 */
export function DestinationFields({ form }: { form: PayoutForm }) {
  const { t, m } = useLanguage();
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
            label={m(d.labels.bank)}
            placeholder={t('payouts.chooseBank')}
            options={PAYOUT_BANKS}
            error={m(errors?.bank?.message)}
          />
        ) : (
          <Field
            key={field}
            id={`payout-${field}`}
            label={m(field === 'mobile' ? d.labels.mobile(method) : d.labels[field])}
            hint={field === 'mobile' || field === 'accountName' ? m(d.hints[field]) : undefined}
            error={m(errors?.[field]?.message)}
          >
            <Input {...FIELD_INPUT[field]} {...form.register(`destination.${field}`)} />
          </Field>
        ),
      )}
    </div>
  );
}
