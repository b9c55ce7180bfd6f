import { errorMessage, refusalDetail, trpc } from '@app/client';
import {
  type CommissionStats,
  type CommissionStatsEdit,
  commissionStatsUpdateInput,
  formatPesos,
  parsePesos,
  pluralize,
  staffMessages,
} from '@app/contracts';
import { Button, CommissionRates, Field, formatPesosAmount, Input, NewTabLink, SectionCard, Skeleton, Textarea, useZodForm } from '@app/ui';
import { ArrowUpCircle, Repeat, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../../lib/feedback';
import { REFRESH } from '../../lib/refresh';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { StatGrid, type StatGridCard } from '../shared/stat-grid';

const m = staffMessages.commission;

const CARDS: readonly StatGridCard<CommissionStats>[] = [
  { label: 'Total Balance', icon: Wallet, value: (stats) => formatPesosAmount(stats.totalBalance) },
  {
    label: 'Upgrade Earnings',
    icon: ArrowUpCircle,
    value: (stats) => formatPesosAmount(stats.upgradeEarnings),
    detail: (stats) => pluralize(stats.totalUpgrades, 'VIP upgrade'),
  },
  {
    label: 'Payout Earnings',
    icon: Repeat,
    value: (stats) => formatPesosAmount(stats.payoutEarnings),
    detail: (stats) => pluralize(stats.totalPayouts, 'payout'),
  },
];

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

/** The two figures an admin decides from: the ones shown when the editor opened, or the ones a conflict reported. */
type SeenFigures = Pick<Figures, 'totalBalance' | 'upgradeEarnings'>;

/** "₱25.00 → ₱30.00": a figure before and after the correction. */
const correction = (before: number, after: number) => `${formatPesos(before)} → ${formatPesos(after)}`;

/**
 * Sets the two figures an admin may correct; payout earnings follow as balance minus upgrades. The
 * correction moves the operator's money, so it is confirmed with each figure before and after.
 */
function CommissionStatsEditor({ figures }: { figures: Figures }) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <Button variant="outline" className="justify-self-start" onClick={() => setEditing(true)}>
        Edit Statistics
      </Button>
    );
  }
  return <StatsForm figures={figures} onClose={() => setEditing(false)} />;
}

/**
 * The editor's form (docs/product-rules.md#commission), starting from the figures as the server gave them:
 * it sends them as the figures the admin saw, with the reason. When they moved meanwhile (an earning, a
 * payout request) the server refuses (409) with the current ones: the form says so, and the admin decides
 * again from those. A figure over the balance ceiling is refused at its field.
 */
function StatsForm({ figures, onClose }: { figures: Figures; onClose: () => void }) {
  const id = useId();
  const utils = trpc.useUtils();
  const form = useZodForm(commissionStatsUpdateInput, {
    defaultValues: {
      totalBalance: figures.totalBalance,
      upgradeEarnings: figures.upgradeEarnings,
      expectedTotalBalance: figures.totalBalance,
      expectedUpgradeEarnings: figures.upgradeEarnings,
      reason: '',
    },
  });
  const { errors } = form.formState;
  const [seen, setSeen] = useState<SeenFigures>(figures);
  const [conflict, setConflict] = useState<string>();
  // The figures in centavos once they pass the rules: the confirm dialog restates them.
  const [wanted, setWanted] = useState<CommissionStatsEdit>();
  const update = trpc.commission.updateStats.useMutation();

  /** A refusal the form shows itself rather than in a toast; false for any other. */
  function showRefusal(failure: unknown): boolean {
    const totalBalance = refusalDetail(failure, 'currentTotalBalance');
    const upgradeEarnings = refusalDetail(failure, 'currentUpgradeEarnings');
    if (totalBalance !== null && upgradeEarnings !== null) {
      // Someone else's change landed first: decide again from the figures as they are now.
      setSeen({ totalBalance, upgradeEarnings });
      form.setValue('expectedTotalBalance', totalBalance);
      form.setValue('expectedUpgradeEarnings', upgradeEarnings);
      setConflict(errorMessage(failure, m.statsUpdateFailed));
      return true;
    }
    if (refusalDetail(failure, 'balanceCeiling') !== null) {
      form.setError('totalBalance', { message: errorMessage(failure, m.statsUpdateFailed) });
      return true;
    }
    return false;
  }

  async function save() {
    try {
      // The figures go as typed; the server turns them into centavos itself.
      await update.mutateAsync(form.getValues());
    } catch (failure) {
      if (showRefusal(failure)) {
        setWanted(undefined);
        await utils.commission.stats.invalidate();
        return;
      }
      toastFailure(failure, m.statsUpdateFailed);
      throw failure;
    }
    await utils.commission.stats.invalidate();
    toastSuccess(m.statsUpdated);
    onClose();
  }

  const seenBalance = parsePesos(seen.totalBalance) ?? 0;
  const seenUpgrades = parsePesos(seen.upgradeEarnings) ?? 0;

  return (
    <>
      <form noValidate onSubmit={form.handleSubmit(setWanted)} className="grid gap-4 sm:grid-cols-2">
        {conflict && (
          <p role="alert" className="text-sm sm:col-span-2">
            {conflict}
          </p>
        )}
        {FIELDS.map(({ name, label }) => (
          <Field key={name} id={`${id}-${name}`} label={label} error={errors[name]?.message}>
            <Input type="number" inputMode="decimal" step="0.01" {...form.register(name)} />
          </Field>
        ))}
        <Field
          id={`${id}-reason`}
          label="Reason"
          hint="Kept in the activity log and in the commission ledger the operator reads."
          error={errors.reason?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={2} {...form.register('reason')} />
        </Field>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={update.isPending}>
            Save
          </Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
      {wanted && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setWanted(undefined)}
          title="Correct the commission figures?"
          description={m.statsConfirm(
            correction(seenBalance, wanted.totalBalance),
            correction(seenUpgrades, wanted.upgradeEarnings),
            correction(seenBalance - seenUpgrades, wanted.totalBalance - wanted.upgradeEarnings),
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
      <StatGrid label="Commission overview" className="lg:grid-cols-3" cards={CARDS} figures={stats} />
      {stats.isError && (
        <p role="alert" className="text-sm text-destructive">
          {m.loadFailed}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard
          title="Manage statistics"
          description="Corrections are kept in the commission ledger as adjustments."
          contentClassName="grid"
        >
          {data ? <CommissionStatsEditor figures={data} /> : <Skeleton className="h-10 w-32" />}
        </SectionCard>
        <SectionCard
          title="Commission dashboard"
          description="The commission operator's earnings and payout requests, behind its own sign-in."
          contentClassName="grid justify-items-start gap-4"
        >
          <CommissionRates />
          <Button asChild variant="outline">
            <NewTabLink href="/admin/percentage">Open Commission Dashboard</NewTabLink>
          </Button>
        </SectionCard>
      </div>
    </div>
  );
}
