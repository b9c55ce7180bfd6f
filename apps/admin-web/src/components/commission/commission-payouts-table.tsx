import { trpc } from '@app/client';
import {
  type CommissionPayout,
  type CommissionPayoutTarget,
  capitalize,
  commissionPayoutActions,
  payoutMethodName,
  staffMessages,
} from '@app/contracts';
import { Badge, Button, DateAndTime, formatPesosAmount } from '@app/ui';
import { useState } from 'react';
import { runDecision } from '../../lib/feedback';
import { REFRESH } from '../../lib/refresh';
import { type Column, idColumn } from '../shared/admin-table';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { QueueTable, type QueueWording, useQueueInput } from '../shared/paged-table';

const m = staffMessages.commission;

const ACTION_LABELS: Record<CommissionPayoutTarget, string> = { approved: 'Approve', rejected: 'Reject', paid: 'Mark Paid' };

const STATUS_BADGE = { pending: 'warning', approved: 'default', rejected: 'destructive', paid: 'success' } as const;

/** What each action will do, said before it is done. */
function confirmation(payout: CommissionPayout, action: CommissionPayoutTarget) {
  const amount = formatPesosAmount(payout.amount);
  const to = `${payoutMethodName(payout.paymentMethod)} ${payout.accountDetails}`;
  switch (action) {
    case 'approved':
      return { title: 'Approve commission payout?', description: `Approve ${amount} to ${to}? It is then waiting to be paid.` };
    case 'rejected':
      return {
        title: 'Reject commission payout?',
        description: `Reject the request for ${amount}? The amount goes back to the commission balance.`,
      };
    case 'paid':
      return {
        title: 'Mark commission payout paid?',
        description: `Mark ${amount} to ${to} as paid? Do this only once the money has been sent.`,
      };
  }
}

function CommissionPayoutActions({ payout }: { payout: CommissionPayout }) {
  const utils = trpc.useUtils();
  const [action, setAction] = useState<CommissionPayoutTarget | null>(null);
  const setStatus = trpc.commission.setPayoutStatus.useMutation();
  const reload = () => Promise.all([utils.commission.payouts.invalidate(), utils.commission.stats.invalidate()]);

  async function confirm(reason: string) {
    if (!action) return;
    await runDecision({
      call: () => setStatus.mutateAsync({ payoutId: payout.id, status: action, ...(action === 'rejected' ? { reason } : {}) }),
      reload,
      success: m.payoutStatusUpdated,
      failure: m.payoutStatusFailed,
    });
  }

  const actions = commissionPayoutActions(payout.status);
  if (actions.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((status) => (
        <Button key={status} size="sm" variant={status === 'rejected' ? 'outline' : 'default'} onClick={() => setAction(status)}>
          {ACTION_LABELS[status]}
        </Button>
      ))}
      {action && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAction(null)}
          {...confirmation(payout, action)}
          confirmLabel={ACTION_LABELS[action]}
          askReason={action === 'rejected'}
          required={m.rejectReasonRequired}
          hint="The operator reads it with the payout."
          destructive={action === 'rejected'}
          onConfirm={confirm}
        />
      )}
    </div>
  );
}

const COLUMNS: readonly Column<CommissionPayout>[] = [
  idColumn('ID', (payout) => payout.id),
  { header: 'Amount', cell: (payout) => formatPesosAmount(payout.amount), className: 'tabular-nums whitespace-nowrap font-medium' },
  { header: 'Payment Method', collapse: true, cell: (payout) => payoutMethodName(payout.paymentMethod) },
  { header: 'Account Details', main: true, cell: (payout) => <span className="break-words">{payout.accountDetails}</span> },
  { header: 'Status', cell: (payout) => <Badge variant={STATUS_BADGE[payout.status]}>{capitalize(payout.status)}</Badge> },
  {
    header: 'Requested',
    collapse: true,
    cell: (payout) => <DateAndTime iso={payout.requestedAt} timeBelow="always" />,
    className: 'whitespace-nowrap',
  },
  {
    header: 'Processed',
    collapse: true,
    cell: (payout) => (payout.processedAt ? <DateAndTime iso={payout.processedAt} timeBelow="always" /> : '—'),
    className: 'whitespace-nowrap',
  },
  { header: 'Notes', collapse: true, cell: (payout) => payout.notes ?? '—' },
  { header: 'Actions', pinned: true, cell: (payout) => <CommissionPayoutActions payout={payout} /> },
];

const WORDING: QueueWording = {
  label: 'Percentage payout requests',
  searchLabel: 'Search commission payouts',
  searchPlaceholder: 'Method, account details or status',
  texts: { ...m.adminPayoutsQueue, loadFailed: m.loadFailed },
};

/** The panel's % Payouts tab: the commission operator's payout requests, a page at a time and searchable. */
export function CommissionPayoutsTable() {
  const queue = useQueueInput();
  const payouts = trpc.commission.payouts.useQuery(queue.input, REFRESH.commissionPayouts);
  return <QueueTable wording={WORDING} columns={COLUMNS} queue={queue} query={payouts} />;
}
