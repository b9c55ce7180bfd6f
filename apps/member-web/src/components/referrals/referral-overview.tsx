import { trpc } from '@app/client';
import { formatDate, messages, REFERRAL_STATUS_LABELS, type Referral, type User } from '@app/contracts';
import { Badge, type BadgeProps, cn, formatPesosAmount, StatCard } from '@app/ui';
import { CheckCircle2, Coins, Hourglass, UserPlus } from 'lucide-react';
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
  completed: 'success',
  paid: 'success',
  held: 'secondary',
  rejected: 'destructive',
};

/** Completed and paid referrals have earned their sponsor a bonus (docs/screens.md#states). */
const hasEarned = (referral: Referral) => referral.status === 'completed' || referral.status === 'paid';

/** The Reward cell: what was credited, or why nothing was (held for review, or refused with the admin's reason). */
function RewardText({ referral }: { referral: Referral }) {
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
  const referrals = trpc.referrals.list.useQuery();
  const list = referrals.data;
  // Counts that need the list read "—" until it arrives rather than a misleading 0.
  const count = (match: (referral: Referral) => boolean) => (list ? list.filter(match).length : '—');

  return (
    <>
      <section aria-label="Referral figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Referrals" value={user.referralCount} icon={UserPlus} />
        <StatCard label="Completed" value={count(hasEarned)} icon={CheckCircle2} />
        <StatCard label="Earned Referral Bonus" value={formatPesosAmount(user.referralEarnings)} icon={Coins} />
        <StatCard
          label="Pending"
          value={count((referral) => referral.status === 'pending' || referral.status === 'held')}
          icon={Hourglass}
        />
      </section>
      <HistoryCard
        title="Referral History"
        titleId="referral-history-title"
        query={referrals}
        columns={COLUMNS}
        loadingLabel="Loading referrals"
        emptyLabel="Referral history"
        emptyMessage={messages.referrals.historyEmpty}
        loadFailedMessage={messages.referrals.historyLoadFailed}
        rowKey={(referral) => referral.id}
        cells={(referral) => ({
          Friend: referral.referredName,
          Date: formatDate(referral.createdAt),
          Status: <Badge variant={STATUS_BADGE[referral.status]}>{REFERRAL_STATUS_LABELS[referral.status]}</Badge>,
          Reward: <RewardText referral={referral} />,
        })}
      />
    </>
  );
}
