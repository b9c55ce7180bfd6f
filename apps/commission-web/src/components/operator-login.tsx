import { errorMessage, isServerAnswer, trpc } from '@app/client';
import { commissionLoginInput, messages } from '@app/contracts';
import { Button, dismissToast, Field, GateCard, Input, toast, useZodForm } from '@app/ui';
import { BadgePercent } from 'lucide-react';
import { useRef } from 'react';

/** The operator's sign-in, separate from member accounts (docs/architecture.md#identity-and-access). */
export function OperatorLogin() {
  const utils = trpc.useUtils();
  const login = trpc.commission.login.useMutation();
  const form = useZodForm(commissionLoginInput, { defaultValues: { username: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  // The last attempt's failure, closed by the next attempt so that it does not outlive a login that works.
  const failure = useRef<string | undefined>(undefined);

  const submit = form.handleSubmit(async (values) => {
    if (failure.current) dismissToast(failure.current);
    try {
      await login.mutateAsync(values);
      await utils.commission.auth.invalidate();
    } catch (error) {
      // The server's verdict (wrong credentials, too many attempts) versus no answer at all.
      if (isServerAnswer(error)) {
        failure.current = toast({
          variant: 'destructive',
          title: 'Login Failed',
          description: errorMessage(error, messages.auth.invalidCredentials),
        });
      } else {
        failure.current = toast({ variant: 'destructive', title: 'Login Error', description: 'Unable to connect to server' });
      }
    }
  });

  return (
    <GateCard
      standalone
      icon={BadgePercent}
      title="Commission Login"
      description="Sign in with the commission operator account to open the commission dashboard."
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <Field id="operator-username" label="Username" error={errors.username?.message}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
        </Field>
        <Field id="operator-password" label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </GateCard>
  );
}
