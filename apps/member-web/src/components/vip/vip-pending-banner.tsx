import { messages, planName, type VipStatus } from '@app/contracts';
import { Alert, AlertDescription, AlertTitle } from '@app/ui';
import { Clock } from 'lucide-react';

/** Shown while a G-CASH request waits for an admin (docs/screens.md#member-screens), naming the plan asked for. */
export function VipPendingBanner({ status }: { status: Pick<VipStatus, 'pendingVipTier'> }) {
  return (
    <Alert variant="warning">
      <Clock aria-hidden="true" />
      <AlertTitle>{messages.vip.pendingTitle}</AlertTitle>
      <AlertDescription>
        {messages.vip.pendingBody(status.pendingVipTier ? planName(status.pendingVipTier) : 'your chosen plan')}
      </AlertDescription>
    </Alert>
  );
}
