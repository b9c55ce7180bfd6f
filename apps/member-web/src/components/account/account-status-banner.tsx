import { messages, type User } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle } from '@app/ui';
import { Ban } from 'lucide-react';
import { inLanguage } from '../../lib/language';

/**
 * A suspended account's notice: the admin's reason when they gave one, and what the member can still do. The
 * server's first paint of every signed-in page is built from it too (src/first-paint/render.tsx).
 */
export function SuspendedNotice({ reason }: { reason: string | null }) {
  return (
    <Alert variant="destructive" role="alert">
      <Ban aria-hidden="true" />
      <AlertTitle>{inLanguage(messages.auth.suspendedTitle)}</AlertTitle>
      {reason && (
        <AlertDescription data-admin-text className="font-medium text-foreground">
          {reason}
        </AlertDescription>
      )}
      <AlertDescription className="text-foreground/80">{inLanguage(messages.auth.suspendedBody)}</AlertDescription>
    </Alert>
  );
}

/**
 * On every page of a suspended member, from the moment they sign in: why, and what they can still do,
 * so that the first refusal of a task or a payout is no surprise.
 */
export function AccountStatusBanner({ user }: { user: Pick<User, 'accountStatus' | 'statusReason'> }) {
  if (user.accountStatus !== 'suspended') return null;
  return <SuspendedNotice reason={user.statusReason} />;
}
