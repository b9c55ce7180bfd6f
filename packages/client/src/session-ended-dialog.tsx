import { messages } from '@app/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, signInHref } from '@app/ui';
import { LogIn } from 'lucide-react';
import type { EndedSession } from './session-ended';

/** Signing in again returns to this very page, its query included. */
const signInAgainHref = () => signInHref(`${window.location.pathname}${window.location.search}`);

/**
 * Says that the session ended and offers to sign in again: the site's sign-in comes back to this page;
 * the operator's sign-in is the dashboard's own form, shown again by `onOperatorSignIn`.
 */
export default function SessionEndedDialog({
  ended,
  onClose,
  onOperatorSignIn,
}: {
  ended: Exclude<EndedSession, null>;
  onClose: () => void;
  onOperatorSignIn: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{messages.auth.sessionEndedTitle}</DialogTitle>
          <DialogDescription>{messages.auth.sessionEndedBody}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          {ended === 'site' ? (
            <Button asChild>
              <a href={signInAgainHref()}>
                <LogIn aria-hidden="true" />
                Sign in
              </a>
            </Button>
          ) : (
            <Button onClick={onOperatorSignIn}>
              <LogIn aria-hidden="true" />
              Sign in
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
