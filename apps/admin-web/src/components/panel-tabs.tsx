import { trpc } from '@app/client';
import { ADMIN_PAGE_SIZE, staffMessages } from '@app/contracts';
import { Badge, formatPesosAmount, SectionCard, Skeleton } from '@app/ui';
import type { ReactNode } from 'react';
import { REFRESH, useLiveRefresh } from '../lib/refresh';
import { GcashPayeeCard } from './gcash-payee-form';
import { MaintenanceSwitch } from './maintenance-switch';
import { NotificationQuickForm } from './notification-quick-form';
import { useServiceBadges } from './service-badges';
import { MemberSiteBadge } from './site-status-card';

/** The Notifications tab: a global info notification. */
export function NotificationsTab() {
  return (
    <SectionCard
      title="Send notification"
      description="Sent to every member. Targeted and expiring notifications are on the notifications page."
    >
      <NotificationQuickForm requiredMessage={staffMessages.admin.screens.titleMessageRequired} />
    </SectionCard>
  );
}

function Rows({ rows }: { rows: { term: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y">
      {rows.map(({ term, value }) => (
        <div key={term} className="flex items-center justify-between gap-4 py-2.5">
          <dt className="text-sm text-muted-foreground">{term}</dt>
          <dd className="text-sm font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The System tab: the maintenance toggle, the service badges and the G-CASH payee. */
export function SystemTab() {
  const { server, database } = useServiceBadges();
  // What this page came over: the admin's password and every decision travel on it.
  const https = window.location.protocol === 'https:';
  return (
    <div className="grid gap-6">
      <SectionCard title="System settings" contentClassName="grid gap-4">
        <MaintenanceSwitch />
        <Rows
          rows={[
            { term: 'Server', value: server },
            { term: 'Database', value: database },
            { term: 'Connection', value: <Badge variant={https ? 'success' : 'warning'}>{https ? 'HTTPS' : 'Not HTTPS'}</Badge> },
          ]}
        />
      </SectionCard>
      <GcashPayeeCard />
    </div>
  );
}

/** The Monitor tab: the platform's figures and health at a glance. */
export function MonitorTab() {
  const stats = trpc.admin.stats.useQuery(undefined, useLiveRefresh(REFRESH.stats));
  const { server, database } = useServiceBadges();
  const transactions = trpc.admin.transactions.useQuery({ page: 1, pageSize: ADMIN_PAGE_SIZE }, REFRESH.transactions);
  const settings = trpc.admin.maintenance.settings.useQuery();
  const loading = <Skeleton className="h-5 w-16" />;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SectionCard title="Platform">
        <Rows
          rows={[
            { term: 'Active Users', value: stats.data?.activeUsers ?? loading },
            { term: 'VIP Members', value: stats.data?.vipUsers ?? loading },
            { term: 'Total Transactions', value: transactions.data?.total ?? loading },
            { term: 'Earned by Members', value: stats.data ? formatPesosAmount(stats.data.totalEarnings) : loading },
          ]}
        />
      </SectionCard>
      <SectionCard title="Health">
        <Rows
          rows={[
            { term: 'API', value: server },
            { term: 'Database', value: database },
            { term: 'Site for members', value: settings.data ? <MemberSiteBadge status={settings.data} /> : loading },
          ]}
        />
      </SectionCard>
    </div>
  );
}
