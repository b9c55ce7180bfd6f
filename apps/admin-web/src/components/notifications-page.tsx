import { type AdminNotification, capitalize, formatDateTime, messages, NOTIFICATION_TYPES } from '@app/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  Field,
  Input,
  Label,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Switch,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  trpc,
} from '@app/ui';
import { UserSearch } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { fromLocalInput, toLocalInput } from '../lib/dates';
import { toastFailure, toastSuccess } from '../lib/feedback';
import { AdminTable, type Column } from './admin-table';
import { DeleteButton } from './delete-button';
import { UserPicker } from './user-picker';

const m = messages.admin.screens;
const nm = messages.notifications;

type NotificationType = (typeof NOTIFICATION_TYPES)[number];

function CreateNotificationForm({ onCreated }: { onCreated: () => void }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [type, setType] = useState<NotificationType>('info');
  const [isGlobal, setIsGlobal] = useState(true);
  const [target, setTarget] = useState<{ id: string; email: string }>();
  const [expiresAt, setExpiresAt] = useState('');
  const [picking, setPicking] = useState(false);
  const [errors, setErrors] = useState<{ title?: string; message?: string; target?: string }>({});
  const create = trpc.admin.notifications.create.useMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      title: title.trim() ? undefined : nm.titleRequired,
      message: message.trim() ? undefined : nm.messageRequired,
      target: isGlobal || target ? undefined : nm.targetRequired,
    };
    setErrors(found);
    if (found.title || found.message || found.target) return;
    try {
      await create.mutateAsync({
        title,
        message,
        type,
        isGlobal,
        targetUserId: isGlobal ? null : target?.id,
        expiresAt: fromLocalInput(expiresAt),
      });
    } catch (error) {
      toastFailure(error, m.notificationCreateFailed);
      return;
    }
    await utils.admin.notifications.all.invalidate();
    toastSuccess(m.notificationCreated);
    setTitle('');
    setMessage('');
    setExpiresAt('');
    onCreated();
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate onSubmit={submit} className="grid gap-4 md:grid-cols-2">
          <Field id={`${id}-title`} label="Title" error={errors.title} className="md:col-span-2">
            <Input value={title} onChange={(event) => setTitle(event.target.value)} maxLength={200} />
          </Field>
          <Field id={`${id}-message`} label="Message" error={errors.message} className="md:col-span-2">
            <Textarea rows={4} value={message} onChange={(event) => setMessage(event.target.value)} maxLength={2000} />
          </Field>
          <Field id={`${id}-type`} label="Type">
            <Select value={type} onValueChange={(value) => setType(value as NotificationType)}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {NOTIFICATION_TYPES.map((option) => (
                  <SelectItem key={option} value={option}>
                    {capitalize(option)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field id={`${id}-expires`} label="Expires (optional)" hint="Leave blank for a notification that does not expire.">
            {/* The picker offers no past moment (docs/product-rules.md#validation); the server checks again. */}
            <Input
              type="datetime-local"
              min={toLocalInput(new Date())}
              value={expiresAt}
              onChange={(event) => setExpiresAt(event.target.value)}
            />
          </Field>
          <div className="flex items-center gap-3">
            <Switch id={`${id}-global`} checked={isGlobal} onCheckedChange={setIsGlobal} />
            <Label htmlFor={`${id}-global`}>Send to all members</Label>
          </div>
          {!isGlobal && (
            <div className="grid gap-2">
              <p className="text-sm font-medium">Target user</p>
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm">{target ? target.email : 'No user chosen'}</span>
                <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
                  <UserSearch aria-hidden="true" />
                  Choose User
                </Button>
              </div>
              {errors.target && (
                <p role="alert" className="text-sm font-medium text-destructive">
                  {errors.target}
                </p>
              )}
              <UserPicker open={picking} onOpenChange={setPicking} onPick={(user) => setTarget({ id: user.id, email: user.email })} />
            </div>
          )}
          <Button type="submit" className="justify-self-start md:col-span-2" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Notification'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function DeleteNotification({ notification }: { notification: AdminNotification }) {
  const utils = trpc.useUtils();
  const remove = trpc.admin.notifications.remove.useMutation();
  return (
    <DeleteButton
      kind="notification"
      title={notification.title}
      remove={() => remove.mutateAsync({ id: notification.id })}
      reload={() => utils.admin.notifications.all.invalidate()}
      deleted={m.notificationDeleted}
      failed={m.notificationDeleteFailed}
    />
  );
}

const TYPE_BADGE = { info: 'secondary', success: 'success', warning: 'warning', error: 'destructive' } as const;

const COLUMNS: readonly Column<AdminNotification>[] = [
  { header: 'Title', cell: (row) => <span className="font-medium">{row.title}</span> },
  { header: 'Message', cell: (row) => <span className="line-clamp-2">{row.message}</span> },
  { header: 'Type', cell: (row) => <Badge variant={TYPE_BADGE[row.type]}>{capitalize(row.type)}</Badge> },
  { header: 'Audience', cell: (row) => (row.isGlobal ? 'All members' : 'One member') },
  { header: 'Read', cell: (row) => row.readCount, className: 'tabular-nums' },
  { header: 'Expires', cell: (row) => (row.expiresAt ? formatDateTime(row.expiresAt) : 'Never'), className: 'whitespace-nowrap' },
  { header: 'Actions', cell: (row) => <DeleteNotification notification={row} /> },
];

function ManageNotifications() {
  const notifications = trpc.admin.notifications.all.useQuery();
  // Expired ones are of no interest here: the list shows what members can still see.
  const active = notifications.data?.filter((row) => !row.expiresAt || new Date(row.expiresAt) > new Date());
  return (
    <AdminTable
      label="Active notifications"
      columns={COLUMNS}
      rows={active}
      rowKey={(row) => row.id}
      isPending={notifications.isPending}
      isError={notifications.isError}
      errorText={m.notificationsLoadFailed}
      empty="No active notifications found"
    />
  );
}

/** /admin/notifications: create a notification, or manage the ones members can see. */
export function NotificationsPage() {
  const [tab, setTab] = useState('create');
  return (
    <>
      <PageHeader title="Notification Management" description="Messages shown to all members or to one member." />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Notifications">
          <TabsTrigger value="create">Create Notification</TabsTrigger>
          <TabsTrigger value="manage">Manage Notifications</TabsTrigger>
        </TabsList>
        <TabsContent value="create">
          <CreateNotificationForm onCreated={() => setTab('manage')} />
        </TabsContent>
        <TabsContent value="manage">
          <ManageNotifications />
        </TabsContent>
      </Tabs>
    </>
  );
}
