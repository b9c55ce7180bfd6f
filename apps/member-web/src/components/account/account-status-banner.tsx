import { messages, type User } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle } from '@app/ui';
import { Ban } from 'lucide-react';
import { inLanguage } from '../../lib/language';

/**
 * On every page of a suspended member, from the moment they sign in: why, and what they can still do,
 * so that the first refusal of a task or a payout is no surprise.
 */
export function AccountStatusBanner({ user }: { user: Pick<User, 'accountStatus' | 'statusReason'> }) {
  if (user.accountStatus !== 'suspended') return null;
  return (
    <Alert variant="destructive" role="alert">
      <Ban aria-hidden="true" />
      <AlertTitle>{inLanguage(messages.auth.suspendedTitle)}</AlertTitle>
      {user.statusReason && <AlertDescription className="font-medium text-foreground">{user.statusReason}</AlertDescription>}
      <AlertDescription className="text-foreground/80">{inLanguage(messages.auth.suspendedBody)}</AlertDescription>
    </Alert>
  );
}
