import { type AdminPlan, messages } from '@app/contracts';
import { Badge, Button, formatPesosAmount, Input, Label, trpc } from '@app/ui';
import { type FormEvent, useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../lib/feedback';
import { REFRESH } from '../lib/refresh';
import { AdminTable, type Column } from './admin-table';

const m = messages.admin.screens;

type Draft = Pick<AdminPlan, 'price' | 'taskReward'> & { dailyTaskLimit: string; validityDays: string };

const FIELDS = [
  { key: 'price', label: 'Price', step: '0.01' },
  { key: 'dailyTaskLimit', label: 'Daily task limit', step: '1' },
  { key: 'taskReward', label: 'Task reward', step: '0.01' },
  { key: 'validityDays', label: 'Validity days', step: '1' },
] as const;

function usePlanUpdate() {
  const utils = trpc.useUtils();
  return trpc.admin.plans.update.useMutation({
    onSuccess: async () => {
      await utils.admin.plans.list.invalidate();
      toastSuccess(m.planUpdated);
    },
    onError: (error) => toastFailure(error, m.planFailed),
  });
}

/** A plan's row, read-only or as the inline editor (prices step 0.01; counts whole, blank = 0). */
function PlanRow({ plan }: { plan: AdminPlan }) {
  const id = useId();
  const update = usePlanUpdate();
  const [draft, setDraft] = useState<Draft>();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    await update.mutateAsync({ planId: plan.id, ...draft }).then(
      () => setDraft(undefined),
      () => undefined,
    );
  }

  if (draft) {
    return (
      <form noValidate onSubmit={save} className="flex flex-wrap items-end gap-2">
        {FIELDS.map(({ key, label, step }) => (
          <div key={key} className="grid gap-1">
            <Label htmlFor={`${id}-${key}`} className="text-xs text-muted-foreground">
              {label}
            </Label>
            <Input
              id={`${id}-${key}`}
              type="number"
              inputMode={step === '1' ? 'numeric' : 'decimal'}
              step={step}
              min="0"
              className="h-9 w-24"
              value={draft[key]}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
            />
          </div>
        ))}
        <Button type="submit" size="sm" disabled={update.isPending}>
          Save
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setDraft(undefined)}>
          Cancel
        </Button>
      </form>
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          setDraft({
            price: plan.price,
            taskReward: plan.taskReward,
            dailyTaskLimit: String(plan.dailyTaskLimit),
            validityDays: String(plan.validityDays),
          })
        }
      >
        Edit
      </Button>
      <Button
        variant={plan.isActive ? 'outline' : 'default'}
        size="sm"
        onClick={() => update.mutate({ planId: plan.id, isActive: !plan.isActive })}
        disabled={update.isPending}
      >
        {plan.isActive ? 'Disable' : 'Enable'}
      </Button>
    </div>
  );
}

const COLUMNS: readonly Column<AdminPlan>[] = [
  { header: 'Plan', cell: (plan) => <span className="font-medium">{plan.planName}</span> },
  { header: 'Price', cell: (plan) => formatPesosAmount(plan.price), className: 'tabular-nums whitespace-nowrap' },
  { header: 'Daily Task Limit', cell: (plan) => plan.dailyTaskLimit, className: 'tabular-nums' },
  { header: 'Task Reward', cell: (plan) => formatPesosAmount(plan.taskReward), className: 'tabular-nums whitespace-nowrap' },
  { header: 'Validity (days)', cell: (plan) => plan.validityDays, className: 'tabular-nums' },
  {
    header: 'Status',
    cell: (plan) => <Badge variant={plan.isActive ? 'success' : 'secondary'}>{plan.isActive ? 'Active' : 'Inactive'}</Badge>,
  },
  { header: 'Actions', cell: (plan) => <PlanRow plan={plan} /> },
];

/** The panel's VIP Plans tab. */
export function PlansTable() {
  const plans = trpc.admin.plans.list.useQuery(undefined, REFRESH.plans);
  return (
    <AdminTable
      label="VIP plans"
      columns={COLUMNS}
      rows={plans.data}
      rowKey={(plan) => plan.id}
      isPending={plans.isPending}
      isError={plans.isError}
      empty="No VIP plans found"
    />
  );
}
