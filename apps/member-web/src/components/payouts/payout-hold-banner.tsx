import { formatDateTime, messages, type PayoutHold } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle } from '@app/ui';
import { ShieldAlert } from 'lucide-react';

/** Why the member's payouts are held, as the admin wrote it, shown before they try to request one. */
export function PayoutHoldBanner({ hold }: { hold: PayoutHold }) {
  if (!hold) return null;
  return (
    <Alert variant="warning" role="alert">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>{messages.payouts.holdTitle}</AlertTitle>
      <AlertDescription className="font-medium text-foreground">{hold.reason}</AlertDescription>
      <AlertDescription>{messages.payouts.holdBody(formatDateTime(hold.since))}</AlertDescription>
    </Alert>
  );
}
