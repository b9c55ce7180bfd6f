import { errorMessage, isUnauthorizedError, trpc } from '@app/client';
import { adminUnlockInput, messages } from '@app/contracts';
import { Button, Field, GateCard, Input, toast, useZodForm } from '@app/ui';
import { KeyRound } from 'lucide-react';
import { ReturnToDashboard } from './return-to-dashboard';

/** The panel password (docs/architecture.md#identity-and-access: checked by the server, which unlocks this session). */
export function AdminUnlockForm() {
  const utils = trpc.useUtils();
  const unlock = trpc.admin.unlock.useMutation();
  const form = useZodForm(adminUnlockInput, { defaultValues: { password: '' } });

  const submit = form.handleSubmit(async (values) => {
    try {
      await unlock.mutateAsync(values);
      await utils.auth.user.invalidate();
      toast({ title: messages.auth.accessGranted, description: messages.auth.accessGrantedDescription });
    } catch (error) {
      // A wrong password empties the field so the next attempt starts clean (docs/product-rules.md#validation).
      if (isUnauthorizedError(error)) form.reset({ password: '' });
      form.setError('password', { message: errorMessage(error, messages.common.serviceUnavailable) }, { shouldFocus: true });
    }
  });

  const passwordError = form.formState.errors.password?.message;
  return (
    <GateCard standalone icon={KeyRound} title="Admin Authentication" description="Enter the admin panel password to continue.">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <Field id="admin-password" label="Admin Password" error={passwordError}>
          <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
        </Field>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Checking...' : 'Access Admin Panel'}
        </Button>
        <ReturnToDashboard />
      </form>
    </GateCard>
  );
}
