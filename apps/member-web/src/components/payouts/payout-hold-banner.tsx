import { messages, type PayoutHold } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle } from '@app/ui';
import { ShieldAlert } from 'lucide-react';
import { useLanguage } from '../../lib/language';

/**
 * The hold's notice: the admin's reason, and since when as the member's language writes it. The server's first
 * paint of the dashboard is built from it too (src/first-paint/render.tsx).
 */
export function PayoutHoldNotice({ reason, since }: { reason: string; since: string }) {
  const { m } = useLanguage();
  return (
    <Alert variant="warning" role="alert">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>{m(messages.payouts.holdTitle)}</AlertTitle>
      <AlertDescription data-admin-text className="font-medium text-foreground">
        {reason}
      </AlertDescription>
      <AlertDescription>{m(messages.payouts.holdBody(since))}</AlertDescription>
    </Alert>
  );
}

/** Why the member's payouts are held, as the admin wrote it, shown before they try to request one. */
export function PayoutHoldBanner({ hold }: { hold: PayoutHold }) {
  const { formatDateTime } = useLanguage();
  if (!hold) return null;
  return <PayoutHoldNotice reason={hold.reason} since={formatDateTime(hold.since)} />;
}
