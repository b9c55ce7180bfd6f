import { capitalize, formatDate, messages, type PayoutDecision, type PendingPayout } from '@app/contracts';
import { Badge, Button, formatPesosAmount, fullName, trpc } from '@app/ui';
import { toastFailure, toastSuccess } from '../lib/feedback';
import { shortId, tierLabel } from '../lib/labels';
import { REFRESH } from '../lib/refresh';
import { AdminTable, type Column } from './admin-table';

const m = messages.admin.screens;

/** The account a payout is paid from: a VIP one with its tier, or a regular one. */
function accountType(tier: string): string {
  const label = tierLabel(tier);
  return label === 'Regular' ? 'Regular Account' : `VIP (${label})`;
}

function PayoutActions({ payout }: { payout: PendingPayout }) {
  const utils = trpc.useUtils();
  const decide = trpc.admin.payouts.decide.useMutation();

  async function run(status: PayoutDecision) {
    try {
      await decide.mutateAsync({ id: payout.id, status });
    } catch (error) {
      toastFailure(error, status === 'approved' ? m.payoutApproveFailed : m.payoutStatusFailed);
      return;
    }
    await Promise.all([utils.admin.payouts.pending.invalidate(), utils.admin.stats.invalidate(), utils.admin.users.list.invalidate()]);
    toastSuccess(status === 'approved' ? m.payoutApproved : m.payoutStatusUpdated);
  }

  const name = fullName(payout) || payout.userId;
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => run('approved')} disabled={decide.isPending} aria-label={`Approve Payout of ${name}`}>
        Approve Payout
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => run('declined')}
        disabled={decide.isPending}
        aria-label={`Decline payout of ${name}`}
      >
        Decline
      </Button>
    </div>
  );
}

const COLUMNS: readonly Column<PendingPayout>[] = [
  {
    header: 'User ID',
    cell: (payout) => (
      <span title={payout.userId} className="font-mono text-xs">
        {shortId(payout.userId)}
      </span>
    ),
  },
  { header: 'Name', cell: (payout) => fullName(payout) || '—' },
  { header: 'Amount', cell: (payout) => formatPesosAmount(payout.amount), className: 'tabular-nums whitespace-nowrap font-medium' },
  { header: 'Method', cell: (payout) => payout.paymentMethod },
  {
    header: 'Account Type',
    cell: (payout) => (
      <Badge variant={tierLabel(payout.vipTier) === 'Regular' ? 'secondary' : 'default'}>{accountType(payout.vipTier)}</Badge>
    ),
  },
  { header: 'Account Details', cell: (payout) => <span className="break-words">{payout.paymentDetails}</span> },
  { header: 'Status', cell: (payout) => <Badge variant="warning">{capitalize(payout.status)}</Badge> },
  { header: 'Requested', cell: (payout) => formatDate(payout.createdAt), className: 'whitespace-nowrap' },
  { header: 'Actions', cell: (payout) => <PayoutActions payout={payout} /> },
];

/** Pending payout requests: the panel's Payouts tab and /admin/payouts. */
export function PayoutsTable() {
  const payouts = trpc.admin.payouts.pending.useQuery(undefined, REFRESH.payouts);
  return (
    <AdminTable
      label="Pending payout requests"
      columns={COLUMNS}
      rows={payouts.data}
      rowKey={(payout) => payout.id}
      isPending={payouts.isPending}
      isError={payouts.isError}
      errorText={m.payoutLoadFailed}
      empty="No pending payout requests"
    />
  );
}
