import { errorMessage, isUnauthorizedError, StatementDownload, trpc } from '@app/client';
import { asPage, messages, staffMessages } from '@app/contracts';
import {
  BrandLink,
  Button,
  Card,
  CardDescription,
  CardHeader,
  CardTitle,
  CommissionRates,
  DeferredControl,
  LoadError,
  lazyExport,
  PageHeader,
  Pager,
  SectionCard,
  Skeleton,
  toast,
} from '@app/ui';
import { HandCoins, LogOut } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { CommissionStatCards, CommissionStatSkeletons } from './commission-stats';
import { PayoutRequestsTable, RecentTransactionsTable } from './commission-tables';

/** The dialog and its form (react-hook-form, zod, Radix's dialog and select) are not needed for the first paint. */
const RequestPayoutDialog = lazyExport(() => import('./request-payout-dialog'), 'RequestPayoutDialog');
/** The operator's passkeys and their form, below the fold. */
const PasskeysPanel = lazyExport(() => import('@app/client/passkeys-panel'), 'PasskeysPanel');

/** The ledger as CSV, served by the API with the operator's cookie: a plain download, not a page of this app. */
const STATEMENT_HREF = '/api/admin/percentage/statement.csv';

/** How often the figures and requests reload while the dashboard is open (docs/api-conventions.md#calls-the-apps-make). */
const STATS_REFRESH_MS = 60_000;
const PAYOUTS_REFRESH_MS = 30_000;
/** Payout requests shown at a time; older ones are a page away. */
const PAYOUTS_PAGE_SIZE = 20;

function TableSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-2 p-3">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </div>
  );
}

/** The operator's dashboard: figures, recent commission, payout requests and the request dialog. */
export function CommissionDashboard({ username }: { username?: string }) {
  const utils = trpc.useUtils();
  const stats = trpc.commission.stats.useQuery(undefined, { refetchInterval: STATS_REFRESH_MS });
  const [payoutsPage, setPayoutsPage] = useState(1);
  const payouts = trpc.commission.payouts.useQuery(
    { page: payoutsPage, pageSize: PAYOUTS_PAGE_SIZE },
    { refetchInterval: PAYOUTS_REFRESH_MS, placeholderData: (previous) => previous },
  );
  const logout = trpc.commission.logout.useMutation({
    onSuccess: async () => {
      await utils.commission.auth.invalidate();
      toast({ title: messages.auth.loggedOut });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, messages.common.internal) }),
  });

  // A session that ended meanwhile (expired, or logged out in another tab): back to the login form.
  const sessionEnded = isUnauthorizedError(stats.error) || isUnauthorizedError(payouts.error);
  useEffect(() => {
    if (sessionEnded) void utils.commission.auth.invalidate();
  }, [sessionEnded, utils]);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
        <div className="mx-auto flex h-16 max-w-5xl items-center gap-3 px-4 sm:px-6">
          <BrandLink />
          <div className="ml-auto flex items-center gap-3">
            {username && <span className="hidden text-sm text-muted-foreground sm:inline">Signed in as {username}</span>}
            <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] content-start gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <PageHeader
          title="Commission Dashboard"
          description="What the platform owes the commission operator, and why."
          actions={
            <>
              {stats.data && (
                <DeferredControl
                  preload={RequestPayoutDialog.preload}
                  button={
                    <Button>
                      <HandCoins aria-hidden="true" />
                      Request Payout
                    </Button>
                  }
                >
                  {(dialog) => <RequestPayoutDialog balance={stats.data.totalBalance} {...dialog} />}
                </DeferredControl>
              )}
              <StatementDownload href={STATEMENT_HREF} session="operator" />
            </>
          }
        />
        {stats.isPending ? (
          <CommissionStatSkeletons />
        ) : stats.isError ? (
          <LoadError message={errorMessage(stats.error, staffMessages.commission.loadFailed)} onRetry={() => void stats.refetch()} />
        ) : (
          <CommissionStatCards stats={stats.data} />
        )}
        <SectionCard
          title="How commission is earned"
          description="Each approved VIP upgrade and each approved regular payout adds to the commission balance."
        >
          <CommissionRates />
        </SectionCard>
        {/* The recent rows arrive with the figures: when those failed, the error above stands for both. */}
        {!stats.isError && (
          <Card>
            <CardHeader>
              <CardTitle>Recent commission transactions</CardTitle>
            </CardHeader>
            <div className="px-2 pb-2">
              {stats.isPending ? (
                <TableSkeleton label="Loading commission transactions" />
              ) : (
                <RecentTransactionsTable transactions={stats.data.recentTransactions} />
              )}
            </div>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle>Payout requests</CardTitle>
            <CardDescription>Requested amounts leave the balance at once and return to it if a request is rejected.</CardDescription>
          </CardHeader>
          <div className="px-2 pb-2">
            {payouts.isPending ? (
              <TableSkeleton label="Loading payout requests" />
            ) : payouts.isError ? (
              <LoadError
                message={errorMessage(payouts.error, staffMessages.commission.loadFailed)}
                onRetry={() => void payouts.refetch()}
              />
            ) : (
              <>
                <PayoutRequestsTable payouts={asPage(payouts.data).items} />
                <Pager page={payoutsPage} pageSize={PAYOUTS_PAGE_SIZE} total={asPage(payouts.data).total} onPage={setPayoutsPage} />
              </>
            )}
          </div>
        </Card>
        <SectionCard title={staffMessages.passkeys.title} description="The passkeys that confirm this account's payout requests.">
          <Suspense fallback={<Skeleton className="h-24 w-full" />}>
            <PasskeysPanel owner="operator" />
          </Suspense>
        </SectionCard>
      </main>
    </div>
  );
}
