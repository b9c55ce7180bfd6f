import { trpc } from '@app/client';
import { staffMessages } from '@app/contracts';
import { AppLink, Badge, Label, lazyExport, Skeleton, Switch } from '@app/ui';
import { Suspense, useId, useState } from 'react';
import { MemberSiteBadge } from './maintenance-status-card';

/** The confirmation (Radix's dialog, zod's reason rules) loads when the switch is first pressed. */
const MaintenanceConfirm = lazyExport(() => import('./maintenance-controls'), 'MaintenanceConfirm');

/**
 * The panel's maintenance toggle (Dashboard and System tabs): each change is confirmed, with a reason for
 * the log and, when it closes the site, the message members will read. Beside it, whether members can use
 * the site: with the website switched off they cannot, whatever maintenance mode says.
 */
export function MaintenanceSwitch() {
  const id = useId();
  const settings = trpc.admin.maintenance.settings.useQuery();
  const [turningOn, setTurningOn] = useState<boolean>();

  if (settings.isPending) return <Skeleton className="h-6 w-48" />;
  if (!settings.data) return <p className="text-sm text-destructive">The maintenance setting could not be read.</p>;
  const on = settings.data.maintenanceMode;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Switch id={id} checked={on} onCheckedChange={(maintenance) => setTurningOn(maintenance)} />
        <Label htmlFor={id}>Maintenance Mode</Label>
        <Badge variant={on ? 'warning' : 'secondary'}>{on ? 'ON' : 'OFF'}</Badge>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        Site for members <MemberSiteBadge status={settings.data} />
      </p>
      {settings.data.websiteStatus === 'off' && (
        <p className="text-sm text-muted-foreground">
          {staffMessages.admin.screens.websiteOffNote}{' '}
          <AppLink href="/admin/maintenance" className="font-medium text-primary underline">
            Open Maintenance Controls
          </AppLink>
        </p>
      )}
      {turningOn !== undefined && (
        <Suspense fallback={null}>
          <MaintenanceConfirm
            change={{ kind: 'maintenance', on: turningOn }}
            currentMessage={settings.data.message}
            onClose={() => setTurningOn(undefined)}
          />
        </Suspense>
      )}
    </div>
  );
}
