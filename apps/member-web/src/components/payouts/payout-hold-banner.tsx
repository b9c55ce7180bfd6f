import { messages, type PayoutHold } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle } from '@app/ui';
import { ShieldAlert } from 'lucide-react';
import { useLanguage } from '../../lib/language';

/** Why the member's payouts are held, as the admin wrote it, shown before they try to request one. */
export function PayoutHoldBanner({ hold }: { hold: PayoutHold }) {
  const { m, formatDateTime } = useLanguage();
  if (!hold) return null;
  return (
    <Alert variant="warning" role="alert">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>{m(messages.payouts.holdTitle)}</AlertTitle>
      <AlertDescription data-admin-text className="font-medium text-foreground">
        {hold.reason}
      </AlertDescription>
      <AlertDescription>{m(messages.payouts.holdBody(formatDateTime(hold.since)))}</AlertDescription>
    </Alert>
  );
}
