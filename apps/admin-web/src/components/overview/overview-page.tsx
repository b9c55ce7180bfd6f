import { trpc } from '@app/client';
import { type AdminStats, formatDateTime, pluralize, staffMessages } from '@app/contracts';
import { Button, DeferredControl, formatPesosAmount, lazyExport, PageHeader } from '@app/ui';
import { Clock, Crown, HandCoins, Megaphone, RefreshCw, TrendingUp, UserCheck, Users } from 'lucide-react';
import { toastFailure } from '../../lib/feedback';
import { REFRESH, useLiveRefresh } from '../../lib/refresh';
import { StatGrid, type StatGridCard } from '../shared/stat-grid';
import { AdminOverview } from './admin-overview';

/** Radix's dialog and the notification form (react-hook-form, zod) are not needed to show the overview. */
const GlobalNotificationDialog = lazyExport(() => import('../notifications/global-notification-dialog'), 'GlobalNotificationDialog');

const CARDS: readonly StatGridCard<AdminStats>[] = [
  { label: 'Total Users', icon: Users, value: (stats) => stats.totalUsers },
  { label: 'Active Users', icon: UserCheck, value: (stats) => stats.activeUsers },
  {
    label: 'VIP Members',
    icon: Crown,
    value: (stats) => stats.vipUsers,
    detail: (stats) => `${pluralize(stats.pendingVipApprovals, 'request')} to review`,
  },
  {
    label: 'Pending Payouts',
    icon: HandCoins,
    value: (stats) => formatPesosAmount(stats.pendingPayouts),
    detail: (stats) => pluralize(stats.pendingPayoutCount, 'request'),
  },
  { label: 'Total Earnings', icon: TrendingUp, value: (stats) => formatPesosAmount(stats.totalEarnings) },
  { label: 'Last Updated', icon: Clock, value: (stats) => (stats.updatedAt ? formatDateTime(stats.updatedAt) : 'Never') },
];

/** The console's overview (/admin-portal, and /admin, /admin/dashboard, /admin/panel): the figures, the site's state. */
export function OverviewPage() {
  const stats = trpc.admin.stats.useQuery(undefined, useLiveRefresh(REFRESH.stats));

  async function refresh() {
    const result = await stats.refetch();
    if (result.error) toastFailure(result.error, staffMessages.admin.screens.statsRefreshFailed);
  }

  return (
    <>
      <PageHeader
        title="Admin Overview"
        description="The state of the site; each queue is in the menu with how much is waiting."
        actions={
          <>
            <DeferredControl
              preload={GlobalNotificationDialog.preload}
              button={
                <Button variant="outline">
                  <Megaphone aria-hidden="true" />
                  Send Global Notification
                </Button>
              }
            >
              {(dialog) => <GlobalNotificationDialog {...dialog} />}
            </DeferredControl>
            <Button variant="outline" onClick={refresh} disabled={stats.isFetching}>
              <RefreshCw aria-hidden="true" className={stats.isFetching ? 'motion-safe:animate-spin' : undefined} />
              Refresh Stats
            </Button>
          </>
        }
      />
      <StatGrid label="Platform statistics" className="grid-cols-2 lg:grid-cols-3" cards={CARDS} figures={stats} />
      <AdminOverview />
    </>
  );
}
