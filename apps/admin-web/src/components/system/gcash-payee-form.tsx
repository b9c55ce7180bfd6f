import { trpc } from '@app/client';
import { gcashPayeeInput, staffMessages } from '@app/contracts';
import { Button, Field, Input, SectionCard, Skeleton, useZodForm } from '@app/ui';
import { toastFailure, toastSuccess } from '../../lib/feedback';

/** The G-CASH account members pay VIP plans to: until both parts are set, members cannot pay by G-CASH. */
export function GcashPayeeCard() {
  const settings = trpc.admin.maintenance.settings.useQuery();
  return (
    <SectionCard
      title="G-CASH payee"
      description="Members send VIP payments to this account; they see the number and name when they buy a plan."
    >
      {settings.isPending && <Skeleton className="h-32 w-full" />}
      {settings.isError && (
        <p role="alert" className="text-sm text-destructive">
          {staffMessages.admin.screens.settingsLoadFailed}
        </p>
      )}
      {settings.data && <PayeeForm number={settings.data.gcashNumber ?? ''} name={settings.data.gcashName ?? ''} />}
    </SectionCard>
  );
}

function PayeeForm({ number, name }: { number: string; name: string }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.maintenance.updateSettings.useMutation();
  const form = useZodForm(gcashPayeeInput, { defaultValues: { gcashNumber: number, gcashName: name } });
  const { errors, isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({ gcashNumber: saved.gcashNumber ?? '', gcashName: saved.gcashName ?? '' });
      await utils.admin.maintenance.settings.invalidate();
      toastSuccess(staffMessages.admin.screens.gcashPayeeSaved);
    } catch (error) {
      toastFailure(error, staffMessages.admin.screens.gcashPayeeFailed);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <Field id="gcash-number" label="G-CASH number" hint="11 digits, starting 09." error={errors.gcashNumber?.message}>
        <Input inputMode="numeric" autoComplete="off" placeholder="09XX XXX XXXX" {...form.register('gcashNumber')} />
      </Field>
      <Field id="gcash-name" label="Account name" hint="As G-CASH shows it to the sender." error={errors.gcashName?.message}>
        <Input autoComplete="off" {...form.register('gcashName')} />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving...' : 'Save G-CASH payee'}
        </Button>
      </div>
    </form>
  );
}
