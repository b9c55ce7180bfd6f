import { trpc } from '@app/client';
import { capitalize, type PendingPayout, payoutMethodName, staffMessages, transferReferenceInput } from '@app/contracts';
import { Badge, DateAndTime, formatPesosAmount, fullName } from '@app/ui';
import { TriangleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { runDecision } from '../../lib/feedback';
import { tierLabel } from '../../lib/labels';
import { REFRESH, useLiveRefresh } from '../../lib/refresh';
import { type Column, IdBelowWide, idColumn } from '../shared/admin-table';
import { DecisionActions } from '../shared/decision-actions';
import { QueueTable, type QueueWording, queuePage, useQueueInput } from '../shared/paged-table';
import { BatchBar, type Selection } from './payout-batch';

const m = staffMessages.admin.screens;

/** The account a payout is paid from: a VIP one with its tier, or a regular one. */
function accountType(tier: string): string {
  const label = tierLabel(tier);
  return label === 'Regular' ? 'Regular Account' : `VIP (${label})`;
}

/** Where the money goes, as the confirmation restates it: enough to recognise, not to copy. */
function destinationShown(payout: PendingPayout): string {
  return `${payoutMethodName(payout.paymentMethod)} ${payout.maskedDestination ?? payout.paymentDetails}`;
}

function PayoutActions({ payout }: { payout: PendingPayout }) {
  const utils = trpc.useUtils();
  const decide = trpc.admin.payouts.decide.useMutation();
  const reload = () =>
    Promise.all([
      utils.admin.payouts.pending.invalidate(),
      utils.admin.stats.invalidate(),
      utils.admin.queueCounts.invalidate(),
      utils.admin.users.list.invalidate(),
    ]);

  const name = fullName(payout) || payout.email;
  const amount = formatPesosAmount(payout.amount);
  const flagged = payout.flags.length > 0 ? ` Flagged: ${payout.flags.map((flag) => flag.text).join('; ')}.` : '';
  const clustered = payout.clusterSize > 1 ? ` ${staffMessages.risk.inCluster(payout.clusterSize)}` : '';
  return (
    <DecisionActions
      approve={{
        button: 'Approve Payout',
        buttonLabel: `Approve Payout of ${name}`,
        title: 'Approve payout?',
        description: `Pay ${amount} to ${payout.email} by ${destinationShown(payout)}?${flagged}${clustered}`,
        confirmLabel: `Pay ${amount}`,
        input: { label: m.transferReferenceLabel, hint: m.transferReferenceHint, schema: transferReferenceInput },
      }}
      refuse={{
        button: 'Decline',
        buttonLabel: `Decline payout of ${name}`,
        title: 'Decline payout?',
        description: `${amount} goes back to the available balance of ${payout.email}. They see your reason on the payout and in a notification.`,
        confirmLabel: 'Decline payout',
        reasonRequired: staffMessages.admin.declineReasonRequired,
      }}
      onDecide={(decision, text) =>
        runDecision({
          call: () =>
            decide.mutateAsync(
              decision === 'approve'
                ? { id: payout.id, status: 'approved', ...(text ? { transferReference: text } : {}) }
                : { id: payout.id, status: 'declined', reason: text },
            ),
          reload,
          success: decision === 'approve' ? m.payoutApproved : m.payoutStatusUpdated,
          failure: decision === 'approve' ? m.payoutApproveFailed : m.payoutStatusFailed,
          leaves: `The payout of ${name} has left the queue.`,
        })
      }
    />
  );
}

/** What to know before paying: a hold, a destination other accounts used, and which accounts. */
function PayoutFlags({ payout }: { payout: PendingPayout }) {
  if (payout.flags.length === 0) return null;
  return (
    <ul className="grid gap-1 text-xs text-warning">
      {payout.flags.map((flag) => (
        <li key={flag.code} className="flex items-start gap-1">
          <TriangleAlert className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
          <span className="break-words">{flag.text}</span>
        </li>
      ))}
      {payout.linkedAccounts.length > 0 && (
        <li className="break-words text-muted-foreground">
          Also used by {payout.linkedAccounts.map((account) => account.email).join(', ')}
        </li>
      )}
    </ul>
  );
}

/** A row's own tick: a flagged or held payout joins a batch only this way. */
function selectColumn(selection: Selection, onSelect: (next: Selection) => void): Column<PendingPayout> {
  return {
    header: 'Select',
    headerHidden: true,
    cell: (payout) => (
      <input
        type="checkbox"
        className="size-4 accent-primary"
        aria-label={`Select the payout of ${fullName(payout) || payout.email}`}
        checked={selection.has(payout.id)}
        onChange={(event) => {
          const next = new Map(selection);
          if (event.target.checked) next.set(payout.id, payout);
          else next.delete(payout.id);
          onSelect(next);
        }}
      />
    ),
  };
}

const COLUMNS: readonly Column<PendingPayout>[] = [
  idColumn('User ID', (payout) => payout.userId),
  {
    header: 'Member',
    main: true,
    cell: (payout) => (
      <div className="grid min-w-40 gap-1">
        <span className="font-medium">{fullName(payout) || '—'}</span>
        <span className="break-all text-xs text-muted-foreground">{payout.email}</span>
        <IdBelowWide id={payout.userId} />
        {payout.clusterSize > 1 && (
          // The accounts tied to this one through devices, destinations or browser traits (docs/product-rules.md#fraud-rules).
          <Badge variant="warning" className="w-fit">
            {staffMessages.risk.clusterBadge(payout.clusterSize)}
          </Badge>
        )}
        <PayoutFlags payout={payout} />
      </div>
    ),
  },
  { header: 'Amount', cell: (payout) => formatPesosAmount(payout.amount), className: 'tabular-nums whitespace-nowrap font-medium' },
  { header: 'Method', cell: (payout) => payoutMethodName(payout.paymentMethod) },
  {
    header: 'Account Type',
    collapse: true,
    cell: (payout) => (
      <Badge variant={tierLabel(payout.vipTier) === 'Regular' ? 'secondary' : 'default'}>{accountType(payout.vipTier)}</Badge>
    ),
  },
  { header: 'Account Details', collapse: true, cell: (payout) => <span className="break-words">{payout.paymentDetails}</span> },
  // Every row of this queue is pending: the column says nothing new where room is short.
  { header: 'Status', cell: (payout) => <Badge variant="warning">{capitalize(payout.status)}</Badge>, wideOnly: true },
  {
    header: 'Requested',
    collapse: true,
    cell: (payout) => <DateAndTime iso={payout.createdAt} timeBelow="always" />,
    className: 'whitespace-nowrap',
  },
  { header: 'Actions', pinned: true, cell: (payout) => <PayoutActions payout={payout} /> },
];

const WORDING: QueueWording = { label: 'Pending payout requests', searchLabel: 'Search payouts', texts: m.payoutsQueue };

/**
 * Pending payout requests, oldest first, a page at a time and searchable (/admin/payouts), each decided on
 * its own or ticked into a batch (docs/product-rules.md#batch-decisions).
 */
export function PayoutsTable() {
  const queue = useQueueInput();
  const payouts = trpc.admin.payouts.pending.useQuery(queue.input, useLiveRefresh(REFRESH.payouts));
  const page = queuePage(payouts.data).items ?? [];
  const [ticked, setTicked] = useState<Selection>(new Map());
  // Only what the page still shows stays ticked: a payout decided elsewhere, or another page, drops out.
  const selection = useMemo<Selection>(
    () => new Map(page.filter((payout) => ticked.has(payout.id)).map((payout) => [payout.id, payout])),
    [page, ticked],
  );
  const columns = useMemo(() => [selectColumn(selection, setTicked), ...COLUMNS], [selection]);
  return (
    <QueueTable
      wording={WORDING}
      columns={columns}
      queue={queue}
      query={payouts}
      toolbar={page.length > 0 && <BatchBar page={page} selection={selection} onSelect={setTicked} />}
    />
  );
}
