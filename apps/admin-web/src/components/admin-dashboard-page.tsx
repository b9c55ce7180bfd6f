import { trpc } from '@app/client';
import { formatDateTime, pluralize, staffMessages } from '@app/contracts';
import { Button, formatPesosAmount, PageHeader } from '@app/ui';
import { Clock, Crown, HandCoins, RefreshCw, TrendingUp, UserCheck, Users } from 'lucide-react';
import { toastFailure } from '../lib/feedback';
import { REFRESH, useLiveRefresh } from '../lib/refresh';
import { AdminOverview } from './admin-overview';
import { StatGrid } from './stat-grid';

const CARDS = [
  { label: 'Total Users', icon: Users },
  { label: 'Active Users', icon: UserCheck },
  { label: 'Pending VIP Approvals', icon: Crown },
  { label: 'Last Updated', icon: Clock },
  { label: 'Total Earnings', icon: TrendingUp },
  { label: 'Pending Payouts', icon: HandCoins },
] as const;

/** /admin and /admin/dashboard: the same screen at two addresses. */
export function AdminDashboardPage() {
  const stats = trpc.admin.stats.useQuery(undefined, useLiveRefresh(REFRESH.stats));
  const data = stats.data;

  async function refresh() {
    const result = await stats.refetch();
    if (result.error) toastFailure(result.error, staffMessages.admin.screens.statsRefreshFailed);
  }

  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="The state of the site and the way into each admin page."
        actions={
          <Button variant="outline" onClick={refresh} disabled={stats.isFetching}>
            <RefreshCw aria-hidden="true" className={stats.isFetching ? 'motion-safe:animate-spin' : undefined} />
            Refresh Stats
          </Button>
        }
      />
      <StatGrid
        label="Platform statistics"
        className="lg:grid-cols-3"
        cards={CARDS}
        isPending={stats.isPending}
        values={
          data && [
            { value: data.totalUsers },
            { value: data.activeUsers },
            { value: data.pendingVipApprovals },
            { value: data.updatedAt ? formatDateTime(data.updatedAt) : 'Never' },
            { value: formatPesosAmount(data.totalEarnings) },
            { value: formatPesosAmount(data.pendingPayouts), detail: pluralize(data.pendingPayoutCount, 'request') },
          ]
        }
      />
      <AdminOverview />
    </>
  );
}
