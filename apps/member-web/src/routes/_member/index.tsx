import { trpc } from '@app/client';
import {
  DASHBOARD_QUERIES,
  DASHBOARD_TASK_COUNT,
  dashboardDescription,
  dashboardFigures,
  dashboardGreeting,
  hasMoreThanDashboardShows,
} from '@app/contracts';
import { Card, CardHeader, CardTitle, formatPesosAmount, PageHeader, StatCard } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Coins, UserPlus } from 'lucide-react';
import { DailyLimitCard } from '../../components/earning/daily-limit-card';
import { DashboardFigures } from '../../components/earning/dashboard-figures';
import { FirstStep } from '../../components/earning/first-step';
import { isKnownSignedOut } from '../../components/earning/member-data';
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
 * given one next step, their first task at the reward it pays them (FirstStep); anyone else is welcomed back.
 * The server paints the same heading, next step, figures and first tasks into the page's HTML
 * (docs/architecture.md#what-a-page-loads-first).
 */
function Dashboard() {
  const user = useSignedInUser();
  const { t } = useLanguage();
  const tasks = trpc.tasks.list.useQuery();
  const transactions = listQuery(trpc.transactions.list.useQuery(RECENT_TRANSACTIONS));
  const vipStatus = trpc.vip.status.useQuery();
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
      <FirstStep user={user} tasks={tasks.data} today={vipStatus.data} />

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
