import { messages } from '@app/contracts';
import {
  BrandLink,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CommissionRates,
  EmptyTable,
  errorMessage,
  PageHeader,
  toast,
  trpc,
} from '@app/ui';
import { LogOut } from 'lucide-react';

/** The operator's dashboard; its figures and payout requests arrive with the commission procedures. */
export function CommissionDashboard({ username }: { username?: string }) {
  const utils = trpc.useUtils();
  const logout = trpc.commission.logout.useMutation({
    onSuccess: async () => {
      await utils.commission.auth.invalidate();
      toast({ title: messages.auth.loggedOut });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, messages.common.internal) }),
  });

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
        <PageHeader title="Commission Dashboard" description="What the platform owes the commission operator, and why." />
        <Card>
          <CardHeader>
            <CardTitle>How commission is earned</CardTitle>
            <CardDescription>Each approved VIP upgrade and each approved regular payout adds to the commission balance.</CardDescription>
          </CardHeader>
          <CardContent>
            <CommissionRates />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recent commission transactions</CardTitle>
          </CardHeader>
          <div className="px-2 pb-2">
            <EmptyTable
              columns={['Date', 'Type', 'Description', 'Amount']}
              message="No commission transactions yet"
              label="Commission transactions"
            />
          </div>
        </Card>
      </main>
    </div>
  );
}
