import { trpc } from '@app/client';
import { ACCOUNT_STATUSES, type AccountStatus, type AdminUser, capitalize, STATUS_REASON_REQUIRED, staffMessages } from '@app/contracts';
import { Button, Field, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@app/ui';
import { useId, useState } from 'react';
import { runDecision, toastFailure, toastSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../shared/confirm-dialog';

const m = staffMessages.admin.screens;

/** The Set Status dialog's confirm button for each status. */
const STATUS_ACTIONS: Record<AccountStatus, string> = { active: 'Activate', suspended: 'Suspend', banned: 'Ban' };

/** After any change to a user: the lists and the counts that include them. */
export function useReloadUsers() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.admin.users.list.invalidate(), utils.admin.stats.invalidate(), utils.admin.vip.pending.invalidate()]);
}

/** Set Status (with a reason) and, for a pending request, Approve VIP. */
export function UserActions({ user }: { user: AdminUser }) {
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
