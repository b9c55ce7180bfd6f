import { trpc } from '@app/client';
import { ADMIN_PAGE_SIZE, messages } from '@app/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  formatPesosAmount,
  Skeleton,
} from '@app/ui';
import { Megaphone, Settings2, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { REFRESH, useLiveRefresh } from '../lib/refresh';
import { GcashPayeeCard, GcashPayeeWarning } from './gcash-payee-form';
import { MaintenanceSwitch } from './maintenance-switch';
import { NotificationQuickForm } from './notification-quick-form';
import { MemberSiteBadge } from './site-status-card';

function SendGlobalNotification() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Megaphone aria-hidden="true" />
          Send Global Notification
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send Global Notification</DialogTitle>
          <DialogDescription>Every member sees it in their notifications.</DialogDescription>
        </DialogHeader>
        <NotificationQuickForm requiredMessage={messages.admin.screens.bothRequired} onSent={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The Dashboard tab: maintenance, system status and quick actions; the last two open their tabs. */
export function DashboardTab({ onOpenTab }: { onOpenTab: (tab: 'users' | 'system') => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <GcashPayeeWarning />
      <Card>
        <CardHeader>
          <CardTitle>System</CardTitle>
          <CardDescription>While maintenance is on, members see the maintenance page; admins keep access.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <MaintenanceSwitch />
          <p className="flex items-center gap-2 text-sm">
            System status <Badge variant="success">Online</Badge>
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Quick actions</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <SendGlobalNotification />
          <Button variant="outline" onClick={() => onOpenTab('users')}>
            <Users aria-hidden="true" />
            View All Users
          </Button>
          <Button variant="outline" onClick={() => onOpenTab('system')}>
            <Settings2 aria-hidden="true" />
            System Settings
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

/** The Notifications tab: a global info notification. */
export function NotificationsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Send notification</CardTitle>
        <CardDescription>Sent to every member. Targeted and expiring notifications are on the notifications page.</CardDescription>
      </CardHeader>
      <CardContent>
        <NotificationQuickForm requiredMessage={messages.admin.screens.titleMessageRequired} />
      </CardContent>
    </Card>
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
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>System settings</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <MaintenanceSwitch />
          <Rows
            rows={[
              { term: 'Server', value: <Badge variant="success">Online</Badge> },
              { term: 'Database', value: <Badge variant="success">Connected</Badge> },
              { term: 'Security', value: <Badge variant="success">Secure</Badge> },
            ]}
          />
        </CardContent>
      </Card>
      <GcashPayeeCard />
    </div>
  );
}

/** The Monitor tab: the platform's figures and health at a glance. */
export function MonitorTab() {
  const stats = trpc.admin.stats.useQuery(undefined, useLiveRefresh(REFRESH.stats));
  const transactions = trpc.admin.transactions.useQuery({ page: 1, pageSize: ADMIN_PAGE_SIZE }, REFRESH.transactions);
  const settings = trpc.admin.maintenance.settings.useQuery();
  const loading = <Skeleton className="h-5 w-16" />;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Platform</CardTitle>
        </CardHeader>
        <CardContent>
          <Rows
            rows={[
              { term: 'Active Users', value: stats.data?.activeUsers ?? loading },
              { term: 'VIP Members', value: stats.data?.vipUsers ?? loading },
              { term: 'Total Transactions', value: transactions.data?.total ?? loading },
              { term: 'Platform Earnings', value: stats.data ? formatPesosAmount(stats.data.totalEarnings) : loading },
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Health</CardTitle>
        </CardHeader>
        <CardContent>
          <Rows
            rows={[
              {
                term: 'API',
                value: <Badge variant={stats.isError ? 'destructive' : 'success'}>{stats.isError ? 'Error' : 'Online'}</Badge>,
              },
              { term: 'Database', value: <Badge variant="success">Connected</Badge> },
              { term: 'Site for members', value: settings.data ? <MemberSiteBadge status={settings.data} /> : loading },
            ]}
          />
        </CardContent>
      </Card>
    </div>
  );
}
