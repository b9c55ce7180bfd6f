import { errorMessage, refusalDetail, trpc } from '@app/client';
import {
  ACCOUNT_STATUSES,
  type AccountStatus,
  ADMIN_PAGE_SIZE,
  type AdminUser,
  type AdminUserFilter,
  adminBalanceInput,
  capitalize,
  formatDate,
  formatPesos,
  parsePesos,
  STATUS_REASON_REQUIRED,
  staffMessages,
} from '@app/contracts';
import {
  Badge,
  Button,
  Field,
  formatPesosAmount,
  fullName,
  Input,
  Pager,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  useZodForm,
} from '@app/ui';
import { Check, Pencil, X } from 'lucide-react';
import { useId, useState } from 'react';
import { runDecision, toastFailure, toastSuccess } from '../lib/feedback';
import { tierLabel } from '../lib/labels';
import { REFRESH } from '../lib/refresh';
import { AdminTable, type Column, ShortId } from './admin-table';
import { ConfirmDialog } from './confirm-dialog';

const m = staffMessages.admin.screens;

/** The Set Status dialog's confirm button for each status. */
const STATUS_ACTIONS: Record<AccountStatus, string> = { active: 'Activate', suspended: 'Suspend', banned: 'Ban' };

const STATUS_BADGE: Record<AccountStatus, 'success' | 'warning' | 'destructive'> = {
  active: 'success',
  suspended: 'warning',
  banned: 'destructive',
};

/** After any change to a user: the lists and the counts that include them. */
function useReloadUsers() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.admin.users.list.invalidate(), utils.admin.stats.invalidate(), utils.admin.vip.pending.invalidate()]);
}

/**
 * The Balance cell: the amount, or the inline editor (a number with step 0.01, docs/product-rules.md#validation).
 * Saving asks why and restates the change; the server compares the balance the admin saw with the
 * balance now, and when a payout or an earning landed in between it refuses, and the editor shows the
 * new balance to decide on again. A balance above the ceiling (docs/product-rules.md#admin-access) is
 * refused at the amount.
 */
function BalanceCell({ user }: { user: AdminUser }) {
  // The balance the admin decides from: the one shown when the editor opened, or the one a conflict reported.
  const [seen, setSeen] = useState<string>();

  if (seen === undefined) {
    return (
      <span className="flex items-center gap-1 whitespace-nowrap tabular-nums">
        {formatPesosAmount(user.availableBalance)}
        <Button variant="ghost" size="sm" onClick={() => setSeen(user.availableBalance)} aria-label={`Edit Balance of ${user.email}`}>
          <Pencil aria-hidden="true" />
        </Button>
      </span>
    );
  }
  return <BalanceEditor user={user} seen={seen} onSeen={setSeen} onClose={() => setSeen(undefined)} />;
}

/** The new balance alone, by the balance edit's own rule. */
const newBalanceInput = adminBalanceInput.pick({ newBalance: true });

function BalanceEditor({
  user,
  seen,
  onSeen,
  onClose,
}: {
  user: AdminUser;
  seen: string;
  onSeen: (balance: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const reload = useReloadUsers();
  const form = useZodForm(newBalanceInput, { defaultValues: { newBalance: user.availableBalance } });
  const inputError = form.formState.errors.newBalance?.message;
  const [conflict, setConflict] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  // The new balance in centavos once it passes the rule: the confirm dialog restates the change.
  const [newCentavos, setNewCentavos] = useState(0);
  const setBalance = trpc.admin.users.setBalance.useMutation();

  const review = form.handleSubmit(({ newBalance }) => {
    setNewCentavos(newBalance);
    setConfirming(true);
  });

  async function confirm(reason: string) {
    try {
      // The balance goes as typed; the server turns it into centavos itself.
      await setBalance.mutateAsync({ userId: user.id, newBalance: form.getValues('newBalance'), expectedBalance: seen, reason });
    } catch (error) {
      const current = refusalDetail(error, 'currentBalance');
      if (current !== null) {
        // Someone else's change landed first: decide again from the balance as it is now.
        onSeen(current);
        setConflict(errorMessage(error, m.balanceFailed));
        setConfirming(false);
        await reload();
        return;
      }
      if (refusalDetail(error, 'balanceCeiling') !== null) {
        // Above the balance ceiling: said at the amount, which is what to change.
        form.setError('newBalance', { message: errorMessage(error, m.balanceFailed) });
        setConfirming(false);
        return;
      }
      toastFailure(error, m.balanceFailed);
      throw error;
    }
    await reload();
    toastSuccess(m.balanceUpdated);
    onClose();
  }

  const seenCentavos = parsePesos(seen) ?? 0;
  const difference = newCentavos - seenCentavos;

  return (
    <div className="grid gap-1">
      <form noValidate onSubmit={review} className="flex items-center gap-1">
        <label htmlFor={id} className="sr-only">
          New balance for {user.email}
        </label>
        <Input
          id={id}
          type="text"
          inputMode="decimal"
          className="h-9 w-28"
          aria-invalid={inputError ? true : undefined}
          aria-describedby={inputError || conflict ? `${id}-note` : undefined}
          autoFocus
          {...form.register('newBalance')}
        />
        <Button type="submit" size="sm" disabled={setBalance.isPending} aria-label="Save balance">
          <Check aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onClose} aria-label="Cancel">
          <X aria-hidden="true" />
        </Button>
      </form>
      {(inputError || conflict) && (
        <p id={`${id}-note`} role="alert" className="max-w-64 text-xs text-destructive">
          {inputError ?? conflict}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Change balance"
        description={`Set the available balance of ${user.email} from ${formatPesos(seenCentavos)} to ${formatPesos(newCentavos)} (${
          difference >= 0 ? '+' : '−'
        }${formatPesos(Math.abs(difference))}). The member sees your reason in their history.`}
        confirmLabel="Change balance"
        required={staffMessages.admin.balanceReasonRequired}
        onConfirm={confirm}
      />
    </div>
  );
}

/** Set Status (with a reason) and, for a pending request, Approve VIP. */
function UserActions({ user }: { user: AdminUser }) {
  const id = useId();
  const reload = useReloadUsers();
  const [open, setOpen] = useState(false);
  const [approving, setApproving] = useState(false);
  const [status, setStatus] = useState<AccountStatus>(user.accountStatus);
  const setAccountStatus = trpc.admin.users.setStatus.useMutation();
  const approve = trpc.admin.vip.approveForUser.useMutation();

  const confirmApproval = () =>
    runDecision({ call: () => approve.mutateAsync({ id: user.id }), reload, success: m.vipStatusApproved, failure: m.vipStatusFailed });

  async function confirm(reason: string) {
    try {
      await setAccountStatus.mutateAsync({ id: user.id, status, reason: reason || null });
    } catch (error) {
      toastFailure(error, m.userStatusFailed);
      throw error;
    }
    await reload();
    toastSuccess(m.userStatusUpdated);
  }

  return (
    <div className="flex flex-wrap gap-2">
      {user.vipPendingApproval && (
        <Button size="sm" onClick={() => setApproving(true)}>
          Approve VIP
        </Button>
      )}
      {approving && (
        <ConfirmDialog
          open
          onOpenChange={setApproving}
          title="Approve VIP request?"
          description={`Start the VIP plan ${user.email} asked for? Approve only once their G-CASH payment has arrived: its reference is in VIP Approvals.`}
          confirmLabel="Approve VIP"
          askReason={false}
          onConfirm={confirmApproval}
        />
      )}
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Set Status
      </Button>
      {/* Restates what the chosen status does, as the server applies it (docs/screens.md#states). */}
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setStatus(user.accountStatus);
        }}
        title="Set account status"
        description={m.statusEffects[status](user.email)}
        confirmLabel={STATUS_ACTIONS[status]}
        required={STATUS_REASON_REQUIRED[status]}
        hint="Shown to the member where it applies, and kept in the activity log."
        destructive={status !== 'active'}
        onConfirm={confirm}
      >
        <Field id={`${id}-status`} label="Account status">
          <Select value={status} onValueChange={(next) => setStatus(next as AccountStatus)}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ACCOUNT_STATUSES.map((option) => (
                <SelectItem key={option} value={option}>
                  {capitalize(option)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      </ConfirmDialog>
    </div>
  );
}

const COLUMNS: readonly Column<AdminUser>[] = [
  { header: 'ID', cell: (user) => <ShortId id={user.id} />, wideOnly: true },
  {
    header: 'Email',
    cell: (user) => (
      <span className="grid gap-0.5">
        <span className="break-all">{user.email}</span>
        <span className="text-muted-foreground xl:hidden">
          <ShortId id={user.id} />
        </span>
      </span>
    ),
  },
  { header: 'Name', cell: (user) => fullName(user) || '—' },
  {
    header: 'VIP Status',
    cell: (user) => (
      <span className="flex flex-wrap gap-1">
        <Badge variant={tierLabel(user.vipTier) === 'Regular' ? 'secondary' : 'default'}>{tierLabel(user.vipTier)}</Badge>
        {user.vipPendingApproval && <Badge variant="warning">Pending</Badge>}
      </span>
    ),
  },
  { header: 'Earnings', cell: (user) => formatPesosAmount(user.totalEarnings), className: 'tabular-nums whitespace-nowrap' },
  { header: 'Balance', cell: (user) => <BalanceCell user={user} /> },
  {
    header: 'Status',
    cell: (user) => (
      <Badge variant={STATUS_BADGE[user.accountStatus]} title={user.statusReason ?? undefined}>
        {capitalize(user.accountStatus)}
      </Badge>
    ),
  },
  { header: 'Joined', cell: (user) => formatDate(user.createdAt), className: 'whitespace-nowrap' },
  { header: 'Actions', pinned: true, cell: (user) => <UserActions user={user} /> },
];

interface UsersTableProps {
  filter?: AdminUserFilter;
  /** Server-side search over e-mail, names and id. */
  search?: string;
}

/** The users list of the panel's Users tab and of /admin/users. */
export function UsersTable({ filter, search }: UsersTableProps) {
  const [page, setPage] = useState(1);
  // A new filter or search starts again at its first page.
  const [query, setQuery] = useState({ filter, search });
  if (query.filter !== filter || query.search !== search) {
    setQuery({ filter, search });
    setPage(1);
  }
  const users = trpc.admin.users.list.useQuery({ filter, search: search || undefined, page, pageSize: ADMIN_PAGE_SIZE }, REFRESH.users);

  return (
    <AdminTable
      label="Users"
      columns={COLUMNS}
      rows={users.data?.items}
      rowKey={(user) => user.id}
      isPending={users.isPending}
      isError={users.isError}
      onRetry={() => void users.refetch()}
      errorText={m.usersLoadFailed}
      empty={search ? 'No users found matching your search' : 'No users found'}
      footer={<Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={users.data?.total} onPage={setPage} />}
    />
  );
}
