import { trpc } from '@app/client';
import { formatPesosAmount } from '@app/ui';
import { Crown, Hourglass, TrendingUp, Users } from 'lucide-react';
import { REFRESH, useLiveRefresh } from '../lib/refresh';
import { StatGrid } from './stat-grid';

const CARDS = [
  { label: 'Total Users', icon: Users },
  { label: 'VIP Members', icon: Crown },
  { label: 'Total Earnings', icon: TrendingUp },
  { label: 'Pending Approvals', icon: Hourglass },
] as const;

/** The panel's four cards (docs/screens.md#admin-screens): members, VIP members, earnings, pending VIP requests. */
export function PanelStats() {
  const stats = trpc.admin.stats.useQuery(undefined, useLiveRefresh(REFRESH.stats));
  const data = stats.data;
  return (
    <StatGrid
      label="Platform statistics"
      className="grid-cols-2 lg:grid-cols-4"
      cards={CARDS}
      isPending={stats.isPending}
      values={
        data && [
          { value: data.totalUsers, detail: 'Registered members' },
          { value: data.vipUsers, detail: 'Active VIP users' },
          { value: formatPesosAmount(data.totalEarnings), detail: 'Earned by all members' },
          { value: data.pendingVipApprovals, detail: 'VIP requests to review' },
        ]
      }
    />
  );
}
