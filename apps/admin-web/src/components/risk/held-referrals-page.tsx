import { trpc } from '@app/client';
import { formatDateTime, type HeldReferral, staffMessages } from '@app/contracts';
import { formatPesosAmount, PageHeader } from '@app/ui';
import { runDecision } from '../../lib/feedback';
import { byId, type Column } from '../shared/admin-table';
import { DecisionActions } from '../shared/decision-actions';
import { usePaging } from '../shared/paged-table';
import { linksText, PagedSection } from './risk-lists';

const m = staffMessages.risk;

/** /admin/referrals: referral bonuses held because the two accounts are linked, to pay or refuse. */
export function HeldReferralsPage() {
  const paging = usePaging();
  const held = trpc.admin.risk.heldReferrals.useQuery(paging.input);
  const columns: readonly Column<HeldReferral>[] = [
    { header: 'Sponsor', cell: (item) => <span className="break-all">{item.sponsor.email}</span> },
    { header: 'Friend', cell: (item) => <span className="break-all">{item.friend.email}</span> },
    { header: 'Bonus', cell: (item) => formatPesosAmount(item.amount), className: 'tabular-nums whitespace-nowrap' },
    {
      header: 'Linked by',
      // The direct links; a friend tied to the sponsor only through other accounts has none, and the reason says why.
      cell: (item) => (
        <span className="grid gap-0.5 text-sm">
          {item.links.length > 0 && <span>{linksText(item.links)}</span>}
          {item.reason && <span className="text-xs text-muted-foreground">{item.reason}</span>}
        </span>
      ),
    },
    { header: 'Held', cell: (item) => formatDateTime(item.heldAt), className: 'whitespace-nowrap' },
    { header: 'Actions', pinned: true, cell: (item) => <ReferralActions referral={item} /> },
  ];
  return (
    <>
      <PageHeader title="Held Referral Bonuses" description="Bonuses held because the sponsor and the friend are linked." />
      <PagedSection
        id="held-referrals-title"
        title="Held referral bonuses"
        columns={columns}
        query={held}
        rowKey={byId}
        empty={m.heldEmpty}
        paging={paging}
      />
    </>
  );
}

function ReferralActions({ referral }: { referral: HeldReferral }) {
  const utils = trpc.useUtils();
  const review = trpc.admin.risk.reviewReferral.useMutation();
  const amount = formatPesosAmount(referral.amount);
  const reload = () => Promise.all([utils.admin.risk.heldReferrals.invalidate(), utils.admin.risk.queue.invalidate()]);

  return (
    <DecisionActions
      approve={{
        button: 'Pay bonus',
        buttonLabel: `Pay the bonus of ${referral.sponsor.email}`,
        title: 'Pay the referral bonus?',
        description: `Credit ${amount} to ${referral.sponsor.email} for referring ${referral.friend.email}, although the accounts are linked.`,
        confirmLabel: `Pay ${amount}`,
      }}
      refuse={{
        button: 'Refuse',
        buttonLabel: `Refuse the bonus of ${referral.sponsor.email}`,
        title: 'Refuse the referral bonus?',
        description: `${referral.sponsor.email} gets nothing for referring ${referral.friend.email}, and sees your reason.`,
        confirmLabel: 'Refuse bonus',
        reasonRequired: m.rejectReasonRequired,
      }}
      onDecide={(decision, reason) =>
        runDecision({
          call: () =>
            review.mutateAsync(
              decision === 'approve' ? { id: referral.id, decision: 'pay' } : { id: referral.id, decision: 'reject', reason },
            ),
          reload,
          success: decision === 'approve' ? m.bonusPaid : m.bonusRejected,
          failure: m.reviewFailed,
        })
      }
    />
  );
}
