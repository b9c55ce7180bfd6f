import { trpc } from '@app/client';
import {
  type AdminNotification,
  capitalize,
  formatDateTime,
  NOTIFICATION_TYPES,
  notificationCreateInput,
  staffMessages,
  z,
} from '@app/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  FormError,
  PageHeader,
  SelectField,
  SwitchField,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TextField,
  useZodForm,
} from '@app/ui';
import { UserSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { fromLocalInput, toLocalInput } from '../../lib/dates';
import { toastFailure, toastSuccess } from '../../lib/feedback';
import { byId, type Column } from '../shared/admin-table';
import { DeleteButton } from '../shared/delete-button';
import { PagedTable, usePaging } from '../shared/paged-table';
import { UserPicker } from '../users/user-picker';

const m = staffMessages.admin.screens;

/** The form as typed: the member chosen in the picker, and the expiry as a datetime-local value. */
const notificationFormValues = z.object({
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  isGlobal: z.boolean(),
  target: z.object({ id: z.string(), email: z.string() }).nullable(),
  expiresAt: z.string(),
});
type Values = z.input<typeof notificationFormValues>;

/** What the form sends: the chosen member's id unless it is for everyone, and the expiry as an instant. */
function toInput({ target, expiresAt, ...values }: Values): z.input<typeof notificationCreateInput> {
  return { ...values, targetUserId: values.isGlobal ? null : target?.id, expiresAt: fromLocalInput(expiresAt) };
}

/** The notification schema's rules (and texts) applied to what the form would send. */
const notificationFormInput = notificationFormValues.transform(toInput).pipe(notificationCreateInput);

const EMPTY: Values = { title: '', message: '', type: 'info', isGlobal: true, target: null, expiresAt: '' };

function CreateNotificationForm({ onCreated }: { onCreated: () => void }) {
  const id = useId();
  const utils = trpc.useUtils();
  // raw: the handler gets the values as typed and sends them as toInput words them.
  const form = useZodForm(notificationFormInput, { defaultValues: EMPTY, raw: true });
  const { errors } = form.formState;
  const [picking, setPicking] = useState(false);
  const create = trpc.admin.notifications.create.useMutation();

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(toInput(values));
    } catch (error) {
      toastFailure(error, m.notificationCreateFailed);
      return;
    }
    await utils.admin.notifications.all.invalidate();
    toastSuccess(m.notificationCreated);
    // The kind, the audience and the member stay for the next one.
    form.reset({ ...values, title: '', message: '', expiresAt: '' });
    onCreated();
  });

  return (
    <Card>
      <CardContent className="pt-5 sm:pt-6">
        <form noValidate onSubmit={submit} className="grid gap-4 md:grid-cols-2">
          <TextField control={form.control} name="title" label="Title" maxLength={200} className="md:col-span-2" />
          <TextField control={form.control} name="message" label="Message" rows={4} maxLength={2000} className="md:col-span-2" />
          <SelectField
            control={form.control}
            name="type"
            id={`${id}-type`}
            label="Type"
            options={NOTIFICATION_TYPES.map((type) => ({ value: type, label: capitalize(type) }))}
            error={errors.type?.message}
          />
          {/* The picker offers no past moment (docs/product-rules.md#validation); the server checks again. */}
          <TextField
            control={form.control}
            name="expiresAt"
            label="Expires (optional)"
            hint="Leave blank for a notification that does not expire."
            type="datetime-local"
            min={toLocalInput(new Date())}
          />
          <SwitchField control={form.control} name="isGlobal" id={`${id}-global`} label="Send to all members" />
          {!form.watch('isGlobal') && (
            <Controller
              control={form.control}
              name="target"
              render={({ field }) => (
                <div className="grid gap-2">
                  <p className="text-sm font-medium">Target user</p>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-sm">{field.value ? field.value.email : 'No user chosen'}</span>
                    <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
                      <UserSearch aria-hidden="true" />
                      Choose User
                    </Button>
                  </div>
                  {/* The server's rule for a notification that is not global: it names the whole form, not a box. */}
                  <FormError message={errors.root?.message} />
                  <UserPicker
                    open={picking}
                    onOpenChange={setPicking}
                    onPick={(user) => field.onChange({ id: user.id, email: user.email })}
                  />
                </div>
              )}
            />
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
    />
  );
}

const TYPE_BADGE = { info: 'secondary', success: 'success', warning: 'warning', error: 'destructive' } as const;

const COLUMNS: readonly Column<AdminNotification>[] = [
  { header: 'Title', cell: (row) => <span className="font-medium">{row.title}</span> },
  { header: 'Message', cell: (row) => <span className="whitespace-pre-line break-words">{row.message}</span>, className: 'min-w-48' },
  { header: 'Type', cell: (row) => <Badge variant={TYPE_BADGE[row.type]}>{capitalize(row.type)}</Badge> },
  { header: 'Audience', cell: (row) => (row.isGlobal ? 'All members' : 'One member') },
  { header: 'Read', cell: (row) => row.readCount, className: 'tabular-nums' },
  { header: 'Expires', cell: (row) => (row.expiresAt ? formatDateTime(row.expiresAt) : 'Never'), className: 'whitespace-nowrap' },
  { header: 'Actions', pinned: true, cell: (row) => <DeleteNotification notification={row} /> },
];

function ManageNotifications() {
  const paging = usePaging();
  // Expired ones are of no interest here: the list shows what members can still see, a page at a time
  // (every decline of a payout or VIP request notifies its member, so the list grows with the site).
  const notifications = trpc.admin.notifications.all.useQuery(
    { ...paging.input, filter: 'active' },
    { placeholderData: (previous) => previous },
  );
  return (
    <PagedTable
      label="Active notifications"
      columns={COLUMNS}
      rowKey={byId}
      errorText={m.notificationsLoadFailed}
      empty="No active notifications found"
      query={notifications}
      paging={paging}
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
