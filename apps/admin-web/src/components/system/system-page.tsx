import { trpc } from '@app/client';
import { ADMIN_PAGE_SIZE } from '@app/contracts';
import { Badge, DescriptionList, formatPesosAmount, PageHeader, SectionCard, Skeleton } from '@app/ui';
import { REFRESH, useLiveRefresh } from '../../lib/refresh';
import { GcashPayeeCard } from './gcash-payee-form';
import { MaintenanceControls } from './maintenance-controls';
import { MaintenanceStatusCard } from './maintenance-status-card';
import { useServiceBadges } from './service-badges';
import { SYSTEM_ROWS_LAYOUT } from './system-rows';

/** The platform's figures and the services behind it, at a glance. */
function HealthCard() {
  const stats = trpc.admin.stats.useQuery(undefined, useLiveRefresh(REFRESH.stats));
  const { server, database } = useServiceBadges();
  const transactions = trpc.admin.transactions.useQuery({ page: 1, pageSize: ADMIN_PAGE_SIZE }, REFRESH.transactions);
  const loading = <Skeleton className="h-5 w-16" />;
  // What this page came over: the admin's password and every decision travel on it.
  const https = window.location.protocol === 'https:';
  return (
    <SectionCard title="Health">
      <DescriptionList
        layout={SYSTEM_ROWS_LAYOUT}
        items={[
          { term: 'Server', value: server },
          { term: 'Database', value: database },
          { term: 'Connection', value: <Badge variant={https ? 'success' : 'warning'}>{https ? 'HTTPS' : 'Not HTTPS'}</Badge> },
          { term: 'Active Users', value: stats.data?.activeUsers ?? loading },
          { term: 'Total Transactions', value: transactions.data?.total ?? loading },
          { term: 'Earned by Members', value: stats.data ? formatPesosAmount(stats.data.totalEarnings) : loading },
        ]}
      />
    </SectionCard>
  );
}

/** /admin/maintenance, the System area: maintenance and the website switch, the site as members see it, health, the G-CASH payee. */
export function SystemPage() {
  return (
    <>
      <PageHeader
        title="Maintenance Controls"
        description="While maintenance is on or the website is off, members see the maintenance page; admins keep access."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <MaintenanceControls />
        <MaintenanceStatusCard />
        <GcashPayeeCard />
        <HealthCard />
      </div>
    </>
  );
}
