import { trpc } from '@app/client';
import { capitalize, type PendingVipRequest, staffMessages } from '@app/contracts';
import { Badge } from '@app/ui';
import { runDecision } from '../../lib/feedback';
import { tierLabel } from '../../lib/labels';
import { REFRESH, useLiveRefresh } from '../../lib/refresh';
import type { Column } from '../shared/admin-table';
import { DecisionActions } from '../shared/decision-actions';
import { QueueTable, type QueueWording, useQueueInput } from '../shared/paged-table';

const m = staffMessages.admin.screens;

function VipActions({ request }: { request: PendingVipRequest }) {
  const utils = trpc.useUtils();
  // A decision changes the request list, the user's row and the counts.
  const reload = () =>
    Promise.all([utils.admin.vip.pending.invalidate(), utils.admin.users.list.invalidate(), utils.admin.stats.invalidate()]);
  const approve = trpc.admin.vip.approve.useMutation();
  const reject = trpc.admin.vip.reject.useMutation();

  const plan = tierLabel(request.vipTier);
  const reference = request.vipTransactionReference ?? 'no reference';
  return (
    <DecisionActions
      approve={{
        button: 'Approve VIP',
        title: 'Approve VIP request?',
        description: `Start ${plan} for ${request.email}, paid with G-CASH reference ${reference}? Approve only once that payment has arrived.`,
        confirmLabel: `Start ${plan}`,
      }}
      refuse={{
        button: 'Reject',
        title: 'Reject VIP request',
        description: `${request.email} asked for ${plan}. The member sees your reason on the VIP page and in a notification.`,
        confirmLabel: 'Reject Request',
        reasonRequired: staffMessages.admin.rejectReasonRequired,
      }}
      onDecide={(decision, reason) =>
        runDecision({
          call: () => (decision === 'approve' ? approve.mutateAsync({ id: request.id }) : reject.mutateAsync({ id: request.id, reason })),
          reload,
          success: decision === 'approve' ? m.vipApproved : m.vipRejected,
          failure: decision === 'approve' ? m.vipApproveFailed : m.vipRejectFailed,
        })
      }
    />
  );
}

const COLUMNS: readonly Column<PendingVipRequest>[] = [
  { header: 'Email', main: true, cell: (request) => <span className="break-all">{request.email}</span>, className: 'min-w-40' },
  { header: 'Requested Tier', cell: (request) => <Badge>{tierLabel(request.vipTier)}</Badge> },
  {
    header: 'Payment Status',
    collapse: true,
    cell: (request) => <Badge variant="warning">{capitalize(request.vipPaymentStatus ?? 'pending')}</Badge>,
  },
  {
    header: 'Transaction Reference',
    collapse: true,
    cell: (request) => <span className="font-mono text-xs">{request.vipTransactionReference ?? '—'}</span>,
  },
  { header: 'Actions', pinned: true, cell: (request) => <VipActions request={request} /> },
];

const WORDING: QueueWording = { label: 'Pending VIP approvals', searchLabel: 'Search VIP requests', texts: m.vipRequestsQueue };

/** The panel's VIP Approvals tab: payment-proof requests waiting for an admin, a page at a time and searchable. */
export function PendingVipTable() {
  const queue = useQueueInput();
  const pending = trpc.admin.vip.pending.useQuery(queue.input, useLiveRefresh(REFRESH.pendingVip));
  return <QueueTable wording={WORDING} columns={COLUMNS} queue={queue} query={pending} />;
}
