import { errorMessage, trpc } from '@app/client';
import { ADMIN_PANEL_VERSION, messages } from '@app/contracts';
import {
  Badge,
  BrandLink,
  Button,
  LoadingScreen,
  lazyExport,
  PageHeader,
  SignOutLink,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '@app/ui';
import { AppWindow, House, LockKeyhole } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useIdlePrefetch } from '../lib/use-idle-prefetch';
import { AdminPagesNav } from './admin-pages-nav';
import { DashboardTab } from './dashboard-tab';
import { PanelStats } from './panel-stats';

/**
 * The code of every tab but Dashboard, the one the panel opens on, so the panel's first screen waits for
 * its own code only. Once the panel has shown, the browser fetches the rest while it is idle
 * (useIdlePrefetch); a tab opened before that loads its code then, behind a spinner.
 */
const TAB_CODE = {
  users: () => import('./users-table'),
  vipApprovals: () => import('./pending-vip-table'),
  vipPlans: () => import('./plans-table'),
  payouts: () => import('./payouts-table'),
  risk: () => import('./risk-tab'),
  commissionPayouts: () => import('./commission-payouts-table'),
  transactions: () => import('./transactions-table'),
  panelTabs: () => import('./panel-tabs'),
  commissionOverview: () => import('./commission-overview'),
};
const TAB_LOADERS = Object.values(TAB_CODE);
const UsersTable = lazyExport(TAB_CODE.users, 'UsersTable');
const PendingVipTable = lazyExport(TAB_CODE.vipApprovals, 'PendingVipTable');
const PlansTable = lazyExport(TAB_CODE.vipPlans, 'PlansTable');
const PayoutsTable = lazyExport(TAB_CODE.payouts, 'PayoutsTable');
const RiskTab = lazyExport(TAB_CODE.risk, 'RiskTab');
const CommissionPayoutsTable = lazyExport(TAB_CODE.commissionPayouts, 'CommissionPayoutsTable');
const TransactionsTable = lazyExport(TAB_CODE.transactions, 'TransactionsTable');
const NotificationsTab = lazyExport(TAB_CODE.panelTabs, 'NotificationsTab');
const SystemTab = lazyExport(TAB_CODE.panelTabs, 'SystemTab');
const MonitorTab = lazyExport(TAB_CODE.panelTabs, 'MonitorTab');
const CommissionOverview = lazyExport(TAB_CODE.commissionOverview, 'CommissionOverview');

type TabValue =
  | 'dashboard'
  | 'users'
  | 'vip-approvals'
  | 'vip-plans'
  | 'payouts'
  | 'risk'
  | 'commission-payouts'
  | 'transactions'
  | 'notifications'
  | 'system'
  | 'monitor'
  | 'commission-dashboard';

/** The eleven tabs of docs/screens.md#admin-screens, in order, starting on Dashboard, and Risk (the fraud review) after Payouts. */
const TABS: readonly { value: TabValue; label: string }[] = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'users', label: 'Users' },
  { value: 'vip-approvals', label: 'VIP Approvals' },
  { value: 'vip-plans', label: 'VIP Plans' },
  { value: 'payouts', label: 'Payouts' },
  { value: 'risk', label: 'Risk' },
  { value: 'commission-payouts', label: '% Payouts' },
  { value: 'transactions', label: 'Transactions' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'system', label: 'System' },
  { value: 'monitor', label: 'Monitor' },
  { value: 'commission-dashboard', label: '% Dashboard' },
];

/** Labels stay readable for screen readers on narrow screens, where only the icons show. */
function ButtonLabel({ children }: { children: string }) {
  return <span className="sr-only md:not-sr-only">{children}</span>;
}

/** The combined admin panel (/admin-portal, /admin/panel), once its password has been accepted. */
export function AdminPanel() {
  const [tab, setTab] = useState<TabValue>('dashboard');
  useIdlePrefetch(TAB_LOADERS);
  const utils = trpc.useUtils();
  const lock = trpc.admin.lock.useMutation({
    onSuccess: async () => {
      await utils.auth.user.invalidate();
      toast({ title: messages.auth.loggedOut, description: 'The admin panel is locked again.' });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, messages.common.internal) }),
  });

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-3 sm:px-6">
          <BrandLink />
          <Badge>Admin Portal</Badge>
          <span className="text-xs text-muted-foreground">v{ADMIN_PANEL_VERSION}</span>
          <nav aria-label="Panel" className="ml-auto flex w-full items-center justify-end gap-1 sm:w-auto sm:gap-2">
            <Button asChild variant="ghost" size="sm">
              <a href="/" target="_blank" rel="noopener noreferrer">
                <House aria-hidden="true" />
                <ButtonLabel>Main Site</ButtonLabel>
              </a>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => window.open(window.location.href, '_blank', 'popup,width=1280,height=900,noopener,noreferrer')}
            >
              <AppWindow aria-hidden="true" />
              <ButtonLabel>Open in New Window</ButtonLabel>
            </Button>
            <Button variant="outline" size="sm" onClick={() => lock.mutate()} disabled={lock.isPending}>
              <LockKeyhole aria-hidden="true" />
              <ButtonLabel>Admin Logout</ButtonLabel>
            </Button>
            <Button asChild variant="outline" size="sm">
              <SignOutLink>
                <ButtonLabel>User Logout</ButtonLabel>
              </SignOutLink>
            </Button>
          </nav>
        </div>
      </header>
      <main
        id="main"
        className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-[minmax(0,1fr)] content-start gap-6 px-4 py-6 sm:px-6 sm:py-8"
      >
        <PageHeader title="Admin Portal" description="Manage members, payouts and the site." />
        <PanelStats />
        <AdminPagesNav />
        <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
          {/* Twelve tabs fit neither a phone nor a laptop's 1024 px in one row: they wrap, all in view, rather than scroll out of sight. */}
          <TabsList aria-label="Admin sections" className="h-auto flex-wrap">
            {TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {/* Only the open tab is mounted, so each tab's lists load and poll while it is shown. */}
          <Suspense fallback={<LoadingScreen className="min-h-48" />}>
            <TabsContent value="dashboard">
              <DashboardTab onOpenTab={setTab} />
            </TabsContent>
            <TabsContent value="users">
              <UsersTable />
            </TabsContent>
            <TabsContent value="vip-approvals">
              <PendingVipTable />
            </TabsContent>
            <TabsContent value="vip-plans">
              <PlansTable />
            </TabsContent>
            <TabsContent value="payouts">
              <PayoutsTable />
            </TabsContent>
            <TabsContent value="risk">
              <RiskTab />
            </TabsContent>
            <TabsContent value="commission-payouts">
              <CommissionPayoutsTable />
            </TabsContent>
            <TabsContent value="transactions">
              <TransactionsTable />
            </TabsContent>
            <TabsContent value="notifications">
              <NotificationsTab />
            </TabsContent>
            <TabsContent value="system">
              <SystemTab />
            </TabsContent>
            <TabsContent value="monitor">
              <MonitorTab />
            </TabsContent>
            <TabsContent value="commission-dashboard">
              <CommissionOverview />
            </TabsContent>
          </Suspense>
        </Tabs>
      </main>
    </div>
  );
}
