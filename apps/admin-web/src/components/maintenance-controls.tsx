import { messages } from '@app/contracts';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, Label, Skeleton, Switch, trpc } from '@app/ui';
import { useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../lib/feedback';
import { ConfirmDialog } from './confirm-dialog';

const m = messages.admin;

/** A switch waiting for its reason: which one, and the value it would take. */
type Pending = { kind: 'maintenance'; on: boolean } | { kind: 'website'; on: boolean };

/** The reason the server records when none is given, shown as the hint (docs/product-rules.md#validation). */
function defaultReason(change: Pending): string {
  if (change.kind === 'maintenance') return change.on ? m.maintenanceOn : m.maintenanceOff;
  return change.on ? m.websiteOn : m.websiteOff;
}

/** /admin/maintenance: two switches, each change confirmed with a reason. */
export function MaintenanceControls() {
  const id = useId();
  const utils = trpc.useUtils();
  const settings = trpc.admin.maintenance.settings.useQuery();
  const toggle = trpc.admin.maintenance.toggle.useMutation();
  const [pending, setPending] = useState<Pending>();

  async function confirm(reason: string) {
    if (!pending) return;
    const change =
      pending.kind === 'maintenance' ? { enabled: pending.on } : { websiteStatus: pending.on ? ('on' as const) : ('off' as const) };
    try {
      await toggle.mutateAsync({ ...change, reason: reason || null });
    } catch (error) {
      toastFailure(error, messages.admin.screens.maintenanceFailed);
      throw error;
    }
    await Promise.all([utils.admin.maintenance.settings.invalidate(), utils.maintenance.status.invalidate()]);
    toastSuccess(m.maintenanceUpdated);
  }

  const data = settings.data;
  const rows = data && [
    {
      kind: 'maintenance' as const,
      label: 'Maintenance Mode',
      description: 'Members see the maintenance page while it is on.',
      on: data.maintenanceMode,
    },
    {
      kind: 'website' as const,
      label: 'Website Status',
      description: 'Turning the website off also shows members the maintenance page.',
      on: data.websiteStatus === 'on',
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Site switches</CardTitle>
        <CardDescription>Admins keep access whatever these say.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.isPending && <Skeleton className="h-16 w-full" />}
        {settings.isError && (
          <p role="alert" className="text-sm text-destructive">
            The maintenance settings could not be read.
          </p>
        )}
        {rows?.map((row) => (
          <div key={row.kind} className="flex items-center justify-between gap-4 rounded-lg border p-4">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-${row.kind}`}>{row.label}</Label>
              <p className="text-sm text-muted-foreground">{row.description}</p>
            </div>
            <div className="flex items-center gap-3">
              <Badge variant={row.on ? (row.kind === 'maintenance' ? 'warning' : 'success') : 'secondary'}>{row.on ? 'ON' : 'OFF'}</Badge>
              <Switch id={`${id}-${row.kind}`} checked={row.on} onCheckedChange={(on) => setPending({ kind: row.kind, on })} />
            </div>
          </div>
        ))}
        {pending && (
          <ConfirmDialog
            open
            onOpenChange={(open) => !open && setPending(undefined)}
            title={`Turn ${pending.kind === 'maintenance' ? 'maintenance mode' : 'the website'} ${pending.on ? 'on' : 'off'}?`}
            description="The reason is kept in the activity log."
            hint={`Blank: "${defaultReason(pending)}".`}
            confirmLabel="Confirm"
            onConfirm={confirm}
          />
        )}
      </CardContent>
    </Card>
  );
}
