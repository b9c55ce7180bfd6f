import { trpc } from '@app/client';
import { EARNED_REFERRAL_STATUSES, messages, type Referral, type User } from '@app/contracts';
import type { MessageKey } from '@app/contracts/i18n';
import { Badge, type BadgeProps, formatPesosAmount, StatCard } from '@app/ui';
import { CheckCircle2, Coins, Hourglass, UserPlus } from 'lucide-react';
import { inLanguage, translate, useLanguage } from '../../lib/language';
import { listQuery, useMemberPage } from '../../lib/member-list';
import { mutedCell } from '../../lib/stacked-table';
import { HistoryCard } from '../history-card';

/** The columns in order; on a phone: the friend and the reward, then the date and the status. */
const COLUMNS = {
  Friend: 'font-medium max-sm:col-span-2 max-sm:col-start-1 max-sm:row-start-1 max-sm:p-0',
  Date: mutedCell('whitespace-nowrap max-sm:col-start-1 max-sm:row-start-2'),
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

/**
 * How a referral's status reads to its sponsor: a pending bonus waits for the friend's first approved payout
 * (the referrals page says whose), a held one for an admin's review.
 */
const STATUS_TEXT: Record<Referral['status'], MessageKey> = {
  pending: 'referrals.status.pending',
  awaiting_payout: 'referrals.status.awaitingPayout',
  completed: 'referrals.status.completed',
  paid: 'referrals.status.paid',
  held: 'referrals.status.held',
  rejected: 'referrals.status.rejected',
};

const hasEarned = (referral: Referral) => EARNED_REFERRAL_STATUSES.includes(referral.status);

/** The Friend cell: the friend, and for a bonus still pending whose payout it waits for (docs/product-rules.md#referral-bonuses-wait-for-proof). */
function FriendText({ referral }: { referral: Referral }) {
  if (referral.pendingReward === '0.00') return referral.referredName;
  return (
    <span className="grid gap-0.5">
      <span>{referral.referredName}</span>
      <span className="text-xs font-normal text-muted-foreground">
        {inLanguage(messages.referrals.pendingUntil(referral.referredName))}
      </span>
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
        <span className="text-muted-foreground">
          {inLanguage(messages.referrals.pendingTotal(formatPesosAmount(referral.pendingReward)))}
        </span>
      </span>
    );
  }
  if (hasEarned(referral)) return formatPesosAmount(referral.reward);
  if (referral.status === 'held') {
    return (
      <span className="text-muted-foreground">
        {translate('referrals.underReview', { amount: formatPesosAmount(referral.heldReward) })}
      </span>
    );
  }
  if (referral.status === 'rejected') {
    return (
      <span className="text-muted-foreground">
        {referral.reviewNote ? translate('referrals.notPaidWhy', { note: referral.reviewNote }) : translate('referrals.notPaid')}
      </span>
    );
  }
  return <span className="text-muted-foreground">{translate('referrals.notYetEarned')}</span>;
}

/** The four referral figures and the list of invited friends (docs/screens.md#member-screens). */
export function ReferralOverview({ user }: { user: User }) {
  const { formatDate } = useLanguage();
  const headings = {
    Friend: translate('referrals.colFriend'),
    Date: translate('referrals.colDate'),
    Status: translate('referrals.colStatus'),
    Reward: translate('referrals.colReward'),
  };
  const { page, setPage, input, options } = useMemberPage();
  const answer = trpc.referrals.list.useQuery(input, options);
  const referrals = listQuery(answer);
  // The counts of all referrals come with each page; "—" until the first arrives rather than a misleading 0.
  const counts = answer.data && !Array.isArray(answer.data) ? answer.data : undefined;

  return (
    <>
      <section aria-label={translate('referrals.figures')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={translate('referrals.total')} value={user.referralCount} icon={UserPlus} />
        <StatCard label={translate('referrals.completed')} value={counts?.earned ?? '—'} icon={CheckCircle2} />
        <StatCard
          label={translate('referrals.earnedBonus')}
          value={formatPesosAmount(user.referralEarnings)}
          icon={Coins}
          detail={
            user.pendingBonuses !== '0.00' ? inLanguage(messages.referrals.pendingTotal(formatPesosAmount(user.pendingBonuses))) : undefined
          }
        />
        <StatCard label={translate('referrals.pending')} value={counts?.waiting ?? '—'} icon={Hourglass} />
      </section>
      <HistoryCard
        title={translate('referrals.history')}
        titleId="referral-history-title"
        query={referrals}
        page={page}
        onPage={setPage}
        columns={COLUMNS}
        headings={headings}
        loadingLabel={translate('referrals.loading')}
        emptyLabel={translate('referrals.history')}
        emptyMessage={inLanguage(messages.referrals.historyEmpty)}
        loadFailedMessage={inLanguage(messages.referrals.historyLoadFailed)}
        rowKey={(referral) => referral.id}
        cells={(referral) => ({
          Friend: <FriendText referral={referral} />,
          Date: formatDate(referral.createdAt),
          Status: <Badge variant={STATUS_BADGE[referral.status]}>{translate(STATUS_TEXT[referral.status])}</Badge>,
          Reward: <RewardText referral={referral} />,
        })}
      />
    </>
  );
}
