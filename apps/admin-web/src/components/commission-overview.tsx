import { commissionStatsUpdateInput, messages } from '@app/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CommissionRates,
  Field,
  formatPesosAmount,
  Input,
  Skeleton,
  trpc,
} from '@app/ui';
import { ArrowUpCircle, ExternalLink, Repeat, Wallet } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../lib/feedback';
import { REFRESH } from '../lib/refresh';
import { StatGrid } from './stat-grid';

const m = messages.commission;

const CARDS = [
  { label: 'Total Balance', icon: Wallet },
  { label: 'Upgrade Earnings', icon: ArrowUpCircle },
  { label: 'Payout Earnings', icon: Repeat },
] as const;

/** Sets the two figures an admin may correct; payout earnings follow as balance minus upgrades. */
function CommissionStatsEditor({ totalBalance, upgradeEarnings }: { totalBalance: string; upgradeEarnings: string }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<{ totalBalance: string; upgradeEarnings: string }>();
  const [error, setError] = useState<string>();
  const update = trpc.commission.updateStats.useMutation();

  if (!draft) {
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setDraft({ totalBalance, upgradeEarnings })}>
        Edit Statistics
      </Button>
    );
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    if (!commissionStatsUpdateInput.safeParse(draft).success) {
      setError(m.statsInvalid);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync(draft);
    } catch (failure) {
      toastFailure(failure, m.statsUpdateFailed);
      return;
    }
    await utils.commission.stats.invalidate();
    toastSuccess(m.statsUpdated);
    setDraft(undefined);
  }

  return (
    <form noValidate onSubmit={save} className="grid gap-4 sm:grid-cols-2">
      <Field id={`${id}-balance`} label="Total balance (₱)">
        <Input
          type="number"
          inputMode="decimal"
          step="0.01"
          value={draft.totalBalance}
          onChange={(event) => setDraft({ ...draft, totalBalance: event.target.value })}
        />
      </Field>
      <Field id={`${id}-upgrades`} label="Upgrade earnings (₱)">
        <Input
          type="number"
          inputMode="decimal"
          step="0.01"
          value={draft.upgradeEarnings}
          onChange={(event) => setDraft({ ...draft, upgradeEarnings: event.target.value })}
        />
      </Field>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
          {error}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={update.isPending}>
          Save
        </Button>
        <Button type="button" variant="ghost" onClick={() => setDraft(undefined)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The % Dashboard tab: commission figures, their editor and the way to the operator's dashboard. */
export function CommissionOverview() {
  const stats = trpc.commission.stats.useQuery(undefined, REFRESH.commissionStats);
  const data = stats.data;
  return (
    <div className="grid gap-6">
      <StatGrid
        label="Commission overview"
        className="lg:grid-cols-3"
        cards={CARDS}
        isPending={stats.isPending}
        values={
          data && [
            { value: formatPesosAmount(data.totalBalance) },
            { value: formatPesosAmount(data.upgradeEarnings), detail: `${data.totalUpgrades} VIP upgrades` },
            { value: formatPesosAmount(data.payoutEarnings), detail: `${data.totalPayouts} payouts` },
          ]
        }
      />
      {stats.isError && (
        <p role="alert" className="text-sm text-destructive">
          {m.loadFailed}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Manage statistics</CardTitle>
            <CardDescription>Corrections are kept in the commission ledger as adjustments.</CardDescription>
          </CardHeader>
          <CardContent className="grid">
            {data ? (
              <CommissionStatsEditor totalBalance={data.totalBalance} upgradeEarnings={data.upgradeEarnings} />
            ) : (
              <Skeleton className="h-10 w-32" />
            )}
          </CardContent>
        </Card>
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
      </div>
    </div>
  );
}
