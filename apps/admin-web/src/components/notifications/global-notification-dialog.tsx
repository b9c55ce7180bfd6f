import { staffMessages } from '@app/contracts';
import { type DeferredControlState, Dialog, DialogContent, DialogHeading, DialogTrigger } from '@app/ui';
import { NotificationQuickForm } from './notification-quick-form';

/** The Dashboard tab's "Send Global Notification" dialog; the tab loads it after its first paint. */
export function GlobalNotificationDialog({ open, onOpenChange, trigger }: DeferredControlState) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeading title="Send Global Notification" description="Every member sees it in their notifications." />
        <NotificationQuickForm requiredMessage={staffMessages.admin.screens.bothRequired} onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
