import { capitalize, messages, type PendingVipRequest } from '@app/contracts';
import { Badge, Button, trpc } from '@app/ui';
import { useState } from 'react';
import { toastFailure, toastSuccess } from '../lib/feedback';
import { tierLabel } from '../lib/labels';
import { REFRESH } from '../lib/refresh';
import { AdminTable, type Column } from './admin-table';
import { ReasonDialog } from './reason-dialog';

const m = messages.admin.screens;

function VipActions({ request }: { request: PendingVipRequest }) {
  const utils = trpc.useUtils();
  const [rejecting, setRejecting] = useState(false);
  // An approval or rejection changes the request list, the user's row and the counts.
  const reload = () =>
    Promise.all([utils.admin.vip.pending.invalidate(), utils.admin.users.list.invalidate(), utils.admin.stats.invalidate()]);
  const approve = trpc.admin.vip.approve.useMutation({
    onSuccess: async () => {
      await reload();
      toastSuccess(m.vipApproved);
    },
    onError: (error) => toastFailure(error, m.vipApproveFailed),
  });
  const reject = trpc.admin.vip.reject.useMutation();

  async function confirmReject(reason: string) {
    try {
      await reject.mutateAsync({ id: request.id, reason });
    } catch (error) {
      toastFailure(error, m.vipRejectFailed);
      throw error;
    }
    await reload();
    toastSuccess(m.vipRejected);
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => approve.mutate({ id: request.id })} disabled={approve.isPending}>
        Approve VIP
      </Button>
      <Button variant="outline" size="sm" onClick={() => setRejecting(true)}>
        Reject
      </Button>
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title="Reject VIP request"
        description={`${request.email} asked for ${tierLabel(request.vipTier)}. The member's request is cleared; say why.`}
        confirmLabel="Reject Request"
        required={messages.admin.rejectReasonRequired}
        destructive
        onConfirm={confirmReject}
      />
    </div>
  );
}

const COLUMNS: readonly Column<PendingVipRequest>[] = [
  { header: 'Email', cell: (request) => request.email },
  { header: 'Requested Tier', cell: (request) => <Badge>{tierLabel(request.vipTier)}</Badge> },
  {
    header: 'Payment Status',
    cell: (request) => <Badge variant="warning">{capitalize(request.vipPaymentStatus ?? 'pending')}</Badge>,
  },
  {
    header: 'Transaction Reference',
    cell: (request) => <span className="font-mono text-xs">{request.vipTransactionReference ?? '—'}</span>,
  },
  { header: 'Actions', cell: (request) => <VipActions request={request} /> },
];

/** The panel's VIP Approvals tab: payment-proof requests waiting for an admin. */
export function PendingVipTable() {
  const pending = trpc.admin.vip.pending.useQuery(undefined, REFRESH.pendingVip);
  return (
    <AdminTable
      label="Pending VIP approvals"
      columns={COLUMNS}
      rows={pending.data}
      rowKey={(request) => request.id}
      isPending={pending.isPending}
      isError={pending.isError}
      empty="No pending VIP approvals"
    />
  );
}
