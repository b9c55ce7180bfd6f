import { Badge, Label, Skeleton, Switch, trpc } from '@app/ui';
import { useId, useState } from 'react';
import { MaintenanceConfirm } from './maintenance-controls';

/**
 * The panel's maintenance toggle (Dashboard and System tabs): each change is confirmed, with a reason for
 * the log and, when it closes the site, the message members will read.
 */
export function MaintenanceSwitch() {
  const id = useId();
  const settings = trpc.admin.maintenance.settings.useQuery();
  const [turningOn, setTurningOn] = useState<boolean>();

  if (settings.isPending) return <Skeleton className="h-6 w-48" />;
  if (!settings.data) return <p className="text-sm text-destructive">The maintenance setting could not be read.</p>;
  const on = settings.data.maintenanceMode;
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={on} onCheckedChange={(maintenance) => setTurningOn(maintenance)} />
      <Label htmlFor={id}>Maintenance Mode</Label>
      <Badge variant={on ? 'warning' : 'secondary'}>{on ? 'ON' : 'OFF'}</Badge>
      {turningOn !== undefined && (
        <MaintenanceConfirm
          change={{ kind: 'maintenance', on: turningOn }}
          currentMessage={settings.data.message}
          onClose={() => setTurningOn(undefined)}
        />
      )}
    </div>
  );
}
