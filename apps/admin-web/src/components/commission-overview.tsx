import { commissionStatsUpdateInput, formatPesos, messages, pluralize } from '@app/contracts';
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
import { ConfirmDialog } from './confirm-dialog';
import { StatGrid } from './stat-grid';

const m = messages.commission;

const CARDS = [
  { label: 'Total Balance', icon: Wallet },
  { label: 'Upgrade Earnings', icon: ArrowUpCircle },
  { label: 'Payout Earnings', icon: Repeat },
] as const;

/** The two figures an admin may correct, as the editor asks for them. */
const FIELDS = [
  { name: 'totalBalance', label: 'Total balance (₱)' },
  { name: 'upgradeEarnings', label: 'Upgrade earnings (₱)' },
] as const;

/** The figures the editor starts from, as the server gave them. */
interface Figures {
  totalBalance: string;
  upgradeEarnings: string;
  payoutEarnings: string;
}

/** "₱25.00 → ₱30.00": a figure before and after the correction. */
const correction = (before: string, after: number) => `${formatPesosAmount(before)} → ${formatPesos(after)}`;

/**
 * Sets the two figures an admin may correct; payout earnings follow as balance minus upgrades. The
 * correction moves the operator's money, so it is confirmed with each figure before and after.
 */
function CommissionStatsEditor({ figures }: { figures: Figures }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<{ totalBalance: string; upgradeEarnings: string }>();
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const update = trpc.commission.updateStats.useMutation();

  if (!draft) {
    return (
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={() => setDraft({ totalBalance: figures.totalBalance, upgradeEarnings: figures.upgradeEarnings })}
      >
        Edit Statistics
      </Button>
    );
  }

  const wanted = commissionStatsUpdateInput.safeParse(draft);

  function review(event: FormEvent) {
    event.preventDefault();
    if (!wanted.success) {
      setError(m.statsInvalid);
      return;
    }
    setError(undefined);
    setConfirming(true);
  }

  async function save() {
    if (!draft) return;
    try {
      await update.mutateAsync(draft);
    } catch (failure) {
      toastFailure(failure, m.statsUpdateFailed);
      throw failure;
    }
    await utils.commission.stats.invalidate();
    toastSuccess(m.statsUpdated);
    setDraft(undefined);
  }

  return (
    <>
      <form noValidate onSubmit={review} className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label }) => (
          <Field key={name} id={`${id}-${name}`} label={label}>
            <Input
              type="number"
              inputMode="decimal"
              step="0.01"
              value={draft[name]}
              onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
            />
          </Field>
        ))}
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
      {confirming && wanted.success && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title="Correct the commission figures?"
          description={m.statsConfirm(
            correction(figures.totalBalance, wanted.data.totalBalance),
            correction(figures.upgradeEarnings, wanted.data.upgradeEarnings),
            correction(figures.payoutEarnings, wanted.data.totalBalance - wanted.data.upgradeEarnings),
          )}
          confirmLabel="Save figures"
          askReason={false}
          onConfirm={save}
        />
      )}
    </>
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
            { value: formatPesosAmount(data.upgradeEarnings), detail: pluralize(data.totalUpgrades, 'VIP upgrade') },
            { value: formatPesosAmount(data.payoutEarnings), detail: pluralize(data.totalPayouts, 'payout') },
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
          <CardContent className="grid">{data ? <CommissionStatsEditor figures={data} /> : <Skeleton className="h-10 w-32" />}</CardContent>
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
