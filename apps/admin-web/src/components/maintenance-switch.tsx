import { messages } from '@app/contracts';
import { Badge, Label, Skeleton, Switch, trpc } from '@app/ui';
import { useId } from 'react';
import { toastFailure, toastSuccess } from '../lib/feedback';

/**
 * The panel's maintenance toggle (Dashboard and System tabs): flips maintenance at once, as the panel
 * did; the reason the server records is its default for the action.
 */
export function MaintenanceSwitch() {
  const id = useId();
  const utils = trpc.useUtils();
  const settings = trpc.admin.maintenance.settings.useQuery();
  const toggle = trpc.admin.maintenance.toggle.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.admin.maintenance.settings.invalidate(), utils.maintenance.status.invalidate()]);
      toastSuccess(messages.admin.maintenanceUpdated);
    },
    onError: (error) => toastFailure(error, messages.admin.screens.maintenanceFailed),
  });

  if (settings.isPending) return <Skeleton className="h-6 w-48" />;
  if (!settings.data) return <p className="text-sm text-destructive">The maintenance setting could not be read.</p>;
  const on = settings.data.maintenanceMode;
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={on} disabled={toggle.isPending} onCheckedChange={(maintenance) => toggle.mutate({ maintenance })} />
      <Label htmlFor={id}>Maintenance Mode</Label>
      <Badge variant={on ? 'warning' : 'secondary'}>{on ? 'ON' : 'OFF'}</Badge>
    </div>
  );
}
