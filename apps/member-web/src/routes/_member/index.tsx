import { messages } from '@app/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  AppLink,
  Button,
  Card,
  CardHeader,
  CardTitle,
  formatPesosAmount,
  PageHeader,
  Skeleton,
  StatCard,
  trpc,
} from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { ArrowRight, CheckCircle2, Clock, Coins, HandCoins, UserPlus, Wallet } from 'lucide-react';
import { NoTasks } from '../../components/no-tasks';
import { TransactionTable } from '../../components/transaction-table';
import { useSignedInUser } from '../../lib/signed-in-user';

export const Route = createFileRoute('/_member/')({
  component: Dashboard,
});

function Dashboard() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader
        title={user.firstName ? `Welcome back, ${user.firstName}` : 'Welcome back'}
        description="Here is how your earnings stand today."
      />

      {user.vipPendingApproval && <VipPendingBanner />}

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
          <StatCard label="Referral Earnings" value={formatPesosAmount(user.referralEarnings)} icon={Coins} />
          <Card className="flex items-center justify-center p-5">
            <Button asChild variant="outline" className="w-full">
              <AppLink href="/referrals">
                Manage Referrals
                <ArrowRight aria-hidden="true" />
              </AppLink>
            </Button>
          </Card>
        </section>
      )}

      <section aria-labelledby="dashboard-tasks" className="grid gap-4">
        <h2 id="dashboard-tasks" className="text-xl font-semibold tracking-tight">
          Available Tasks
        </h2>
        <NoTasks />
      </section>

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-4">
          <CardTitle>Transaction History</CardTitle>
          <Button asChild variant="link" className="h-auto p-0">
            <AppLink href="/history">View All</AppLink>
          </Button>
        </CardHeader>
        <div className="px-2 pb-2">
          <TransactionTable emptyText={messages.transactions.emptyDashboard} />
        </div>
      </Card>
    </>
  );
}

/** Shown while a paid VIP request waits for an admin; the requested plan comes from the VIP status. */
function VipPendingBanner() {
  const status = trpc.vip.status.useQuery();
  const tier = status.data?.pendingVipTier;
  return (
    <Alert variant="warning">
      <Clock aria-hidden="true" />
      <AlertTitle>{messages.vip.pendingTitle}</AlertTitle>
      {status.isPending ? (
        <Skeleton className="h-4 w-3/4 bg-warning/20" />
      ) : (
        <AlertDescription>{messages.vip.pendingBody(tier ?? 'your chosen plan')}</AlertDescription>
      )}
    </Alert>
  );
}
