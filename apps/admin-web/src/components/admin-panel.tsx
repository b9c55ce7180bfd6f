import { ADMIN_PANEL_VERSION, messages } from '@app/contracts';
import {
  Badge,
  BrandLink,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CommissionRates,
  errorMessage,
  PageHeader,
  SIGN_OUT_HREF,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
  trpc,
} from '@app/ui';
import { AppWindow, ExternalLink, House, LockKeyhole, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { AdminList } from './admin-lists';
import { AdminOverview } from './admin-overview';
import { SiteStatusCard } from './site-status-card';

function CommissionDashboardCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Commission dashboard</CardTitle>
        <CardDescription>The commission operator's earnings and payout requests, behind its own sign-in.</CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-4">
        <CommissionRates />
        <Button asChild variant="outline">
          <a href="/admin/percentage" target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open Commission Dashboard
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The eleven tabs of spec/admin.md section 2, in order, starting on Dashboard. */
const TABS: readonly { value: string; label: string; content: ReactNode }[] = [
  { value: 'dashboard', label: 'Dashboard', content: <AdminOverview /> },
  { value: 'users', label: 'Users', content: <AdminList list="users" /> },
  { value: 'vip-approvals', label: 'VIP Approvals', content: <AdminList list="pendingVip" /> },
  { value: 'vip-plans', label: 'VIP Plans', content: <AdminList list="vipPlans" /> },
  { value: 'payouts', label: 'Payouts', content: <AdminList list="pendingPayouts" /> },
  { value: 'commission-payouts', label: '% Payouts', content: <AdminList list="commissionPayouts" /> },
  { value: 'transactions', label: 'Transactions', content: <AdminList list="transactions" /> },
  { value: 'notifications', label: 'Notifications', content: <AdminList list="notifications" /> },
  { value: 'system', label: 'System', content: <SiteStatusCard /> },
  { value: 'monitor', label: 'Monitor', content: <SiteStatusCard /> },
  { value: 'commission-dashboard', label: '% Dashboard', content: <CommissionDashboardCard /> },
];

/** Labels stay readable for screen readers on narrow screens, where only the icons show. */
function ButtonLabel({ children }: { children: string }) {
  return <span className="sr-only md:not-sr-only">{children}</span>;
}

/** The combined admin panel (/admin-portal, /admin/panel), once its password has been accepted. */
export function AdminPanel() {
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
              <a href={SIGN_OUT_HREF}>
                <LogOut aria-hidden="true" />
                <ButtonLabel>User Logout</ButtonLabel>
              </a>
            </Button>
          </nav>
        </div>
      </header>
      <main
        id="main"
        className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-[minmax(0,1fr)] content-start gap-6 px-4 py-6 sm:px-6 sm:py-8"
      >
        <PageHeader title="Admin Portal" description="Manage members, payouts and the site." />
        <Tabs defaultValue="dashboard">
          <TabsList aria-label="Admin sections">
            {TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((tab) => (
            <TabsContent key={tab.value} value={tab.value}>
              {tab.content}
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </div>
  );
}
