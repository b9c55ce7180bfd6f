import { trpc } from '@app/client';
import { staffMessages } from '@app/contracts';
import { Alert, AlertDescription, AppLink, Button } from '@app/ui';
import { KeyRound } from 'lucide-react';

/** The overview's notice to an admin without a passkey (docs/architecture.md#passkeys-and-the-step-up); nothing until known. */
export function PasskeyNotice() {
  const list = trpc.admin.passkeys.list.useQuery();
  if (!list.data || list.data.passkeys.length > 0) return null;
  return (
    <Alert variant="warning" className="lg:col-span-2">
      <KeyRound aria-hidden="true" />
      <AlertDescription className="grid gap-2 justify-items-start">
        <p>{list.data.required ? staffMessages.passkeys.requiredNotice : staffMessages.passkeys.overviewNotice}</p>
        <Button asChild variant="outline" size="sm">
          <AppLink href="/admin/passkeys">{staffMessages.passkeys.overviewLink}</AppLink>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
