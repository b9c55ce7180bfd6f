import { trpc } from '@app/client';
import { DASHBOARD_TASK_COUNT, DASHBOARD_TRANSACTION_COUNT, messages } from '@app/contracts';
import { Card, CardHeader, CardTitle, formatPesosAmount, PageHeader, StatCard } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { CheckCircle2, Coins, HandCoins, UserPlus, Wallet } from 'lucide-react';
import { DailyLimitCard } from '../../components/earning/daily-limit-card';
import { isKnownSignedOut } from '../../components/earning/member-data';
import { TaskGrid } from '../../components/earning/task-grid';
import { TransactionTable } from '../../components/earning/transaction-table';
import { OnwardLink } from '../../components/onward-link';
import { PayoutHoldBanner } from '../../components/payouts/payout-hold-banner';
import { VipPendingBanner } from '../../components/vip/vip-pending-banner';
import { listQuery } from '../../lib/member-list';
import { useSignedInUser } from '../../lib/signed-in-user';

const RECENT_TRANSACTIONS = { limit: DASHBOARD_TRANSACTION_COUNT };

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

function Dashboard() {
  const user = useSignedInUser();
  const tasks = trpc.tasks.list.useQuery();
  const transactions = listQuery(trpc.transactions.list.useQuery(RECENT_TRANSACTIONS));
  const vipStatus = trpc.vip.status.useQuery();

  return (
    <>
      <PageHeader
        title={user.firstName ? `Welcome back, ${user.firstName}` : 'Welcome back'}
        documentTitle="Dashboard"
        description="Here is how your earnings stand today."
      />

      <PayoutHoldBanner hold={user.payoutHold} />
      {vipStatus.data?.vipPendingApproval && <VipPendingBanner status={vipStatus.data} />}

      <section aria-label="Your earnings" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Earnings" value={formatPesosAmount(user.totalEarnings)} icon={Coins} />
        <StatCard label="Completed Tasks" value={user.completedTasks} icon={CheckCircle2} />
        <StatCard label="Available Balance" value={formatPesosAmount(user.availableBalance)} icon={Wallet} />
        <StatCard
          label="Payout Completed"
          value={formatPesosAmount(user.totalPaidOut)}
          icon={HandCoins}
          detail={`Pending: ${formatPesosAmount(user.pendingPayout)}`}
        />
      </section>

      {user.referralCount > 0 && (
        <section aria-label="Your referrals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <StatCard label="Referral Count" value={user.referralCount} icon={UserPlus} />
          <StatCard
            label="Referral Earnings"
            value={formatPesosAmount(user.referralEarnings)}
            icon={Coins}
            // Bonuses waiting for a friend's first approved payout are not money yet (docs/product-rules.md#referral-bonuses-wait-for-proof).
            detail={user.pendingBonuses !== '0.00' ? messages.referrals.pendingTotal(formatPesosAmount(user.pendingBonuses)) : undefined}
          />
          <Card className="flex items-center justify-center p-5">
            <OnwardLink href="/referrals" variant="outline" className="w-full">
              Manage Referrals
            </OnwardLink>
          </Card>
        </section>
      )}

      <DailyLimitCard status={vipStatus} />

      <section aria-labelledby="dashboard-tasks" className="grid gap-4">
        <div className="flex items-center justify-between gap-4">
          <h2 id="dashboard-tasks" className="text-xl font-semibold tracking-tight">
            Available Tasks
          </h2>
          {tasks.data && tasks.data.length > DASHBOARD_TASK_COUNT && (
            <OnwardLink href="/tasks" variant="link">
              View All Tasks
            </OnwardLink>
          )}
        </div>
        <TaskGrid tasks={tasks} today={vipStatus.data} userId={user.id} limit={DASHBOARD_TASK_COUNT} headingLevel="h3" />
      </section>

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-4">
          <CardTitle>Transaction History</CardTitle>
          <OnwardLink href="/history" variant="link">
            View All
          </OnwardLink>
        </CardHeader>
        <div className="px-2 pb-2">
          <TransactionTable
            transactions={transactions}
            emptyText={messages.transactions.emptyDashboard}
            label="Recent transactions"
            loadingRows={DASHBOARD_TRANSACTION_COUNT}
          />
        </div>
      </Card>
    </>
  );
}
