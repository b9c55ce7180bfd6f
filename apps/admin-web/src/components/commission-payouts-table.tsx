import {
  type CommissionPayout,
  type CommissionPayoutTarget,
  capitalize,
  commissionPayoutActions,
  formatDate,
  messages,
} from '@app/contracts';
import { Badge, Button, formatPesosAmount, trpc } from '@app/ui';
import { toastFailure, toastSuccess } from '../lib/feedback';
import { shortId } from '../lib/labels';
import { REFRESH } from '../lib/refresh';
import { AdminTable, type Column } from './admin-table';

const m = messages.commission;

const ACTION_LABELS: Record<CommissionPayoutTarget, string> = { approved: 'Approve', rejected: 'Reject', paid: 'Mark Paid' };

const STATUS_BADGE = { pending: 'warning', approved: 'default', rejected: 'destructive', paid: 'success' } as const;

function CommissionPayoutActions({ payout }: { payout: CommissionPayout }) {
  const utils = trpc.useUtils();
  const setStatus = trpc.commission.setPayoutStatus.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.commission.payouts.invalidate(), utils.commission.stats.invalidate()]);
      toastSuccess(m.payoutStatusUpdated);
    },
    onError: (error) => toastFailure(error, m.payoutStatusFailed),
  });
  const actions = commissionPayoutActions(payout.status);
  if (actions.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((status) => (
        <Button
          key={status}
          size="sm"
          variant={status === 'rejected' ? 'outline' : 'default'}
          disabled={setStatus.isPending}
          onClick={() => setStatus.mutate({ payoutId: payout.id, status })}
        >
          {ACTION_LABELS[status]}
        </Button>
      ))}
    </div>
  );
}

const COLUMNS: readonly Column<CommissionPayout>[] = [
  {
    header: 'ID',
    cell: (payout) => (
      <span title={payout.id} className="font-mono text-xs">
        {shortId(payout.id)}
      </span>
    ),
  },
  { header: 'Amount', cell: (payout) => formatPesosAmount(payout.amount), className: 'tabular-nums whitespace-nowrap font-medium' },
  { header: 'Payment Method', cell: (payout) => payout.paymentMethod },
  { header: 'Account Details', cell: (payout) => <span className="break-words">{payout.accountDetails}</span> },
  { header: 'Status', cell: (payout) => <Badge variant={STATUS_BADGE[payout.status]}>{capitalize(payout.status)}</Badge> },
  { header: 'Requested', cell: (payout) => formatDate(payout.requestedAt), className: 'whitespace-nowrap' },
  { header: 'Processed', cell: (payout) => (payout.processedAt ? formatDate(payout.processedAt) : '—'), className: 'whitespace-nowrap' },
  { header: 'Notes', cell: (payout) => payout.notes ?? '—' },
  { header: 'Actions', cell: (payout) => <CommissionPayoutActions payout={payout} /> },
];

/** The panel's % Payouts tab: the commission operator's payout requests. */
export function CommissionPayoutsTable() {
  const payouts = trpc.commission.payouts.useQuery(undefined, REFRESH.commissionPayouts);
  return (
    <AdminTable
      label="Percentage payout requests"
      columns={COLUMNS}
      rows={payouts.data}
      rowKey={(payout) => payout.id}
      isPending={payouts.isPending}
      isError={payouts.isError}
      errorText={m.loadFailed}
      empty={m.adminPayoutsEmpty}
    />
  );
}
