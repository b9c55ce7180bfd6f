import { referralCodeInput } from '@app/contracts';
import { Button, Field, Input, SectionCard, useZodForm } from '@app/ui';
import { LoaderCircle } from 'lucide-react';
import { translate } from '../../lib/language';
import { useApplyReferralCode } from './use-apply-referral-code';

/** For a member who joined without a link: enter the code a friend gave (docs/screens.md#member-screens). */
export function ApplyCodeForm() {
  const form = useZodForm(referralCodeInput, { defaultValues: { referralCode: '' } });
  const apply = useApplyReferralCode({ onSuccess: () => form.reset() });

  return (
    <SectionCard title={translate('referrals.invitedTitle')} description={translate('referrals.invitedDescription')}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => apply.mutate(values))}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <Field
          id="referral-code"
          label={translate('referrals.codeLabel')}
          error={form.formState.errors.referralCode?.message}
          className="flex-1"
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono"
            {...form.register('referralCode')}
          />
        </Field>
        <Button type="submit" disabled={apply.isPending} className="sm:mt-6">
          {apply.isPending && <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
          {translate('referrals.applyCode')}
        </Button>
      </form>
    </SectionCard>
  );
}
