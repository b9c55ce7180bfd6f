import { formatDateTime, messages, planName, type VipStatus } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle } from '@app/ui';
import { CircleX } from 'lucide-react';

/** The admin's reason for refusing the member's last request, until they ask again. */
export function VipRejectedNotice({ rejection }: { rejection: NonNullable<VipStatus['lastRejection']> }) {
  return (
    <Alert variant="destructive">
      <CircleX aria-hidden="true" />
      <AlertTitle>{messages.vip.rejectedTitle(planName(rejection.vipTier))}</AlertTitle>
      <AlertDescription className="text-foreground">{rejection.reason}</AlertDescription>
      <AlertDescription className="text-muted-foreground">
        {formatDateTime(rejection.at)} · You can ask again with another G-CASH reference.
      </AlertDescription>
    </Alert>
  );
}
