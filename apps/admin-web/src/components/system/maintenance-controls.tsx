import { trpc } from '@app/client';
import { staffMessages } from '@app/contracts';
import { Badge, Field, Label, SectionCard, Skeleton, Switch, Textarea } from '@app/ui';
import { useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../shared/confirm-dialog';

const m = staffMessages.admin;

/** A switch waiting for its reason: which one, and the value it would take. */
export type Pending = { kind: 'maintenance'; on: boolean } | { kind: 'website'; on: boolean };

/** Whether the change closes the site to members, who then read the message. */
const closesSite = (change: Pending) => (change.kind === 'maintenance' ? change.on : !change.on);

/** The reason the server records when none is given, shown as the hint (docs/product-rules.md#validation). */
function defaultReason(change: Pending): string {
  if (change.kind === 'maintenance') return change.on ? m.maintenanceOn : m.maintenanceOff;
  return change.on ? m.websiteOn : m.websiteOff;
}

/** /admin/maintenance: two switches, each change confirmed with a reason. */
export function MaintenanceControls() {
  const id = useId();
  const settings = trpc.admin.maintenance.settings.useQuery();
  const [pending, setPending] = useState<Pending>();

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
    <SectionCard title="Site switches" description="Admins keep access whatever these say." contentClassName="grid gap-4">
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
      {pending && data && <MaintenanceConfirm change={pending} currentMessage={data.message} onClose={() => setPending(undefined)} />}
    </SectionCard>
  );
}

/**
 * Confirms a maintenance or website switch with a reason for the log; a switch that closes the site also
 * asks for the message members will read, starting from the current one.
 */
export function MaintenanceConfirm({ change, currentMessage, onClose }: { change: Pending; currentMessage: string; onClose: () => void }) {
  const id = useId();
  const utils = trpc.useUtils();
  const toggle = trpc.admin.maintenance.toggle.useMutation();
  const [message, setMessage] = useState(currentMessage);
  const [messageError, setMessageError] = useState<string>();

  async function confirm(reason: string) {
    const closing = closesSite(change);
    if (closing && !message.trim()) {
      setMessageError(m.maintenanceMessageRequired);
      throw new Error(m.maintenanceMessageRequired);
    }
    const switched =
      change.kind === 'maintenance' ? { enabled: change.on } : { websiteStatus: change.on ? ('on' as const) : ('off' as const) };
    try {
      await toggle.mutateAsync({ ...switched, reason: reason || null, ...(closing ? { message: message.trim() } : {}) });
    } catch (error) {
      toastFailure(error, staffMessages.admin.screens.maintenanceFailed);
      throw error;
    }
    await Promise.all([utils.admin.maintenance.settings.invalidate(), utils.maintenance.status.invalidate()]);
    toastSuccess(m.maintenanceUpdated);
  }

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Turn ${change.kind === 'maintenance' ? 'maintenance mode' : 'the website'} ${change.on ? 'on' : 'off'}?`}
      description={
        closesSite(change)
          ? 'Members see the maintenance page with your message until it is switched back; admins keep access. The reason is kept in the activity log.'
          : 'Members can use the site again. The reason is kept in the activity log.'
      }
      hint={`Blank: "${defaultReason(change)}".`}
      confirmLabel="Confirm"
      onConfirm={confirm}
    >
      {closesSite(change) && (
        <Field id={`${id}-message`} label="Message members see" error={messageError}>
          <Textarea rows={3} value={message} onChange={(event) => setMessage(event.target.value)} />
        </Field>
      )}
    </ConfirmDialog>
  );
}
