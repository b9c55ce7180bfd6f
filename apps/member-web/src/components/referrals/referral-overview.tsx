import { trpc } from '@app/client';
import { EARNED_REFERRAL_STATUSES, formatDate, messages, REFERRAL_STATUS_LABELS, type Referral, type User } from '@app/contracts';
import { Badge, type BadgeProps, cn, formatPesosAmount, StatCard } from '@app/ui';
import { CheckCircle2, Coins, Hourglass, UserPlus } from 'lucide-react';
import { listQuery, useMemberPage } from '../../lib/member-list';
import { stackedTable } from '../../lib/stacked-table';
import { HistoryCard } from '../history-card';

/** The columns in order; on a phone: the friend and the reward, then the date and the status. */
const COLUMNS = {
  Friend: 'font-medium max-sm:col-span-2 max-sm:col-start-1 max-sm:row-start-1 max-sm:p-0',
  Date: cn('whitespace-nowrap', stackedTable.muted, 'max-sm:col-start-1 max-sm:row-start-2'),
  Status: 'max-sm:col-start-3 max-sm:row-start-2 max-sm:justify-self-end max-sm:p-0',
  Reward: 'whitespace-nowrap tabular-nums max-sm:col-start-3 max-sm:row-start-1 max-sm:justify-self-end max-sm:p-0',
};

const STATUS_BADGE: Record<Referral['status'], BadgeProps['variant']> = {
  pending: 'warning',
  awaiting_payout: 'warning',
  completed: 'success',
  paid: 'success',
  held: 'secondary',
  rejected: 'destructive',
};

const hasEarned = (referral: Referral) => EARNED_REFERRAL_STATUSES.includes(referral.status);

/** The Friend cell: the friend, and for a bonus still pending whose payout it waits for (docs/product-rules.md#referral-bonuses-wait-for-proof). */
function FriendText({ referral }: { referral: Referral }) {
  if (referral.pendingReward === '0.00') return referral.referredName;
  return (
    <span className="grid gap-0.5">
      <span>{referral.referredName}</span>
      <span className="text-xs font-normal text-muted-foreground">{messages.referrals.pendingUntil(referral.referredName)}</span>
    </span>
  );
}

/**
 * The Reward cell: what was credited, or why nothing was (held for review, or refused with the admin's reason);
 * and a bonus still pending, apart from what is the sponsor's already.
 */
function RewardText({ referral }: { referral: Referral }) {
  if (referral.pendingReward !== '0.00') {
    return (
      <span className="grid justify-items-end gap-0.5 sm:justify-items-start">
        {referral.reward !== '0.00' && <span>{formatPesosAmount(referral.reward)}</span>}
        <span className="text-muted-foreground">{messages.referrals.pendingTotal(formatPesosAmount(referral.pendingReward))}</span>
      </span>
    );
  }
  if (hasEarned(referral)) return formatPesosAmount(referral.reward);
  if (referral.status === 'held') {
    return <span className="text-muted-foreground">{formatPesosAmount(referral.heldReward)} under review</span>;
  }
  if (referral.status === 'rejected') {
    return <span className="text-muted-foreground">Not paid{referral.reviewNote ? `: ${referral.reviewNote}` : ''}</span>;
  }
  return <span className="text-muted-foreground">Not yet earned</span>;
}

/** The four referral figures and the list of invited friends (docs/screens.md#member-screens). */
export function ReferralOverview({ user }: { user: User }) {
  const { page, setPage, input, options } = useMemberPage();
  const answer = trpc.referrals.list.useQuery(input, options);
  const referrals = listQuery(answer);
  // The counts of all referrals come with each page; "—" until the first arrives rather than a misleading 0.
  const counts = answer.data && !Array.isArray(answer.data) ? answer.data : undefined;

  return (
    <>
      <section aria-label="Referral figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Referrals" value={user.referralCount} icon={UserPlus} />
        <StatCard label="Completed" value={counts?.earned ?? '—'} icon={CheckCircle2} />
        <StatCard
          label="Earned Referral Bonus"
          value={formatPesosAmount(user.referralEarnings)}
          icon={Coins}
          detail={user.pendingBonuses !== '0.00' ? messages.referrals.pendingTotal(formatPesosAmount(user.pendingBonuses)) : undefined}
        />
        <StatCard label="Pending" value={counts?.waiting ?? '—'} icon={Hourglass} />
      </section>
      <HistoryCard
        title="Referral History"
        titleId="referral-history-title"
        query={referrals}
        page={page}
        onPage={setPage}
        columns={COLUMNS}
        loadingLabel="Loading referrals"
        emptyLabel="Referral history"
        emptyMessage={messages.referrals.historyEmpty}
        loadFailedMessage={messages.referrals.historyLoadFailed}
        rowKey={(referral) => referral.id}
        cells={(referral) => ({
          Friend: <FriendText referral={referral} />,
          Date: formatDate(referral.createdAt),
          Status: <Badge variant={STATUS_BADGE[referral.status]}>{REFERRAL_STATUS_LABELS[referral.status]}</Badge>,
          Reward: <RewardText referral={referral} />,
        })}
      />
    </>
  );
}
