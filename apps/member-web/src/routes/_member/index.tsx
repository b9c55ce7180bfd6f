import { trpc } from '@app/client';
import {
  DASHBOARD_QUERIES,
  DASHBOARD_TASK_COUNT,
  dashboardDescription,
  dashboardFigures,
  dashboardGreeting,
  hasMoreThanDashboardShows,
  type Task,
  type VipStatus,
} from '@app/contracts';
import { Card, CardHeader, CardTitle, formatPesosAmount, PageHeader, StatCard } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Coins, UserPlus } from 'lucide-react';
import { DailyLimitCard } from '../../components/earning/daily-limit-card';
import { DashboardFigures } from '../../components/earning/dashboard-figures';
import { isKnownSignedOut } from '../../components/earning/member-data';
import { StartTaskButton } from '../../components/earning/task-card';
import { DashboardTasks, TaskGrid } from '../../components/earning/task-grid';
import { TransactionTable } from '../../components/earning/transaction-table';
import { OnwardLink } from '../../components/onward-link';
import { PayoutHoldBanner } from '../../components/payouts/payout-hold-banner';
import { VipPendingBanner } from '../../components/vip/vip-pending-banner';
import { useLanguage } from '../../lib/language';
import { listQuery } from '../../lib/member-list';
import { useSignedInUser } from '../../lib/signed-in-user';

// The input the server answers into the page (firstQueriesOf), so that this page's query reads that answer.
const RECENT_TRANSACTIONS = DASHBOARD_QUERIES.transactions.input;

export const Route = createFileRoute('/_member/')({
  // Started with the user rather than after it: the dashboard's first load is one round trip.
  loader: ({ context }) => {
    if (isKnownSignedOut(context)) return;
    void context.trpc.tasks.list.prefetch();
    void context.trpc.transactions.list.prefetch(RECENT_TRANSACTIONS);
    void context.trpc.vip.status.prefetch();
  },
  component: Dashboard,
});

/**
 * A member who has never completed a task is new (docs/screens.md#the-first-visit): they are welcomed and
 * given one next step, their first task at the reward it pays them; anyone else is welcomed back. The
 * server paints the same heading into the page's HTML (dashboardGreeting).
 */
function Dashboard() {
  const user = useSignedInUser();
  const { t } = useLanguage();
  const tasks = trpc.tasks.list.useQuery();
  const transactions = listQuery(trpc.transactions.list.useQuery(RECENT_TRANSACTIONS));
  const vipStatus = trpc.vip.status.useQuery();
  const isNew = user.completedTasks === 0;
  const { greeting, name } = dashboardGreeting(user);

  return (
    <>
      <PageHeader
        title={t(greeting, name ? { name } : undefined)}
        documentTitle={t('dashboard.title')}
        description={t(dashboardDescription(greeting))}
      />

      <PayoutHoldBanner hold={user.payoutHold} />
      {vipStatus.data?.vipPendingApproval && <VipPendingBanner status={vipStatus.data} />}
      {isNew && <FirstStep tasks={tasks.data} today={vipStatus.data} userId={user.id} />}

      <DashboardFigures figures={dashboardFigures(user)} />

      <DashboardTasks hasMore={hasMoreThanDashboardShows(tasks.data)}>
        <TaskGrid tasks={tasks} today={vipStatus.data} userId={user.id} limit={DASHBOARD_TASK_COUNT} headingLevel="h3" />
      </DashboardTasks>

      <DailyLimitCard status={vipStatus} />

      {user.referralCount > 0 && (
        <section aria-label={t('dashboard.referrals')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <StatCard label={t('dashboard.referralCount')} value={user.referralCount} icon={UserPlus} />
          <StatCard
            label={t('dashboard.referralEarnings')}
            value={formatPesosAmount(user.referralEarnings)}
            icon={Coins}
            // Bonuses waiting for a friend's first approved payout are not money yet (docs/product-rules.md#referral-bonuses-wait-for-proof).
            detail={
              user.pendingBonuses !== '0.00' ? t('dashboard.pendingBonuses', { amount: formatPesosAmount(user.pendingBonuses) }) : undefined
            }
          />
          <Card className="flex items-center justify-center p-5">
            <OnwardLink href="/referrals" variant="outline" className="w-full">
              {t('dashboard.manageReferrals')}
            </OnwardLink>
          </Card>
        </section>
      )}

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-4">
          <CardTitle>{t('dashboard.transactionHistory')}</CardTitle>
          <OnwardLink href="/history" variant="link">
            {t('dashboard.viewAll')}
          </OnwardLink>
        </CardHeader>
        <div className="px-2 pb-2">
          <TransactionTable
            transactions={transactions}
            emptyText={t('dashboard.noTransactions')}
            label={t('dashboard.recentTransactions')}
            loadingRows={RECENT_TRANSACTIONS.limit}
          />
        </div>
      </Card>
    </>
  );
}

interface FirstStepProps {
  tasks: Task[] | undefined;
  today: VipStatus | undefined;
  userId: string;
}

/** A new member's one next step: the first task on their list, at the reward it pays them, started in one tap. */
function FirstStep({ tasks, today, userId }: FirstStepProps) {
  const { t } = useLanguage();
  const first = tasks?.[0];
  // Nothing to offer while the list loads, when it is empty, or when the day's limit is already reached.
  if (!first || (today && today.tasksRemaining <= 0)) return null;
  return (
    <Card role="region" aria-labelledby="first-step-title" className="grid gap-3 border-primary p-5 sm:flex sm:items-center sm:p-6">
      <div className="grid flex-1 gap-1">
        <h2 id="first-step-title" className="text-lg font-semibold">
          {t('dashboard.firstStepTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('dashboard.firstStepBody', { title: first.title, amount: formatPesosAmount(first.reward) })}
        </p>
      </div>
      <div className="sm:w-64">
        <StartTaskButton task={first} userId={userId} />
      </div>
    </Card>
  );
}
