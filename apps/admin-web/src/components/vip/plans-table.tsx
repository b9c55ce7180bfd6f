import { trpc } from '@app/client';
import { type AdminPlan, adminPlanUpdateInput, staffMessages } from '@app/contracts';
import { Badge, Button, formatPesosAmount, Input, Label, useZodForm } from '@app/ui';
import { useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../../lib/feedback';
import { REFRESH } from '../../lib/refresh';
import { AdminTable, type Column } from '../shared/admin-table';

const m = staffMessages.admin.screens;

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

/** A plan's row, read-only or as the inline editor. */
function PlanRow({ plan }: { plan: AdminPlan }) {
  const update = usePlanUpdate();
  const [editing, setEditing] = useState(false);

  if (editing) return <PlanEditor plan={plan} onClose={() => setEditing(false)} />;

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
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

/** The inline editor, by the plan update's rules: prices step 0.01; counts whole, blank = 0. */
function PlanEditor({ plan, onClose }: { plan: AdminPlan; onClose: () => void }) {
  const id = useId();
  const update = usePlanUpdate();
  // raw: the figures go as typed; the server turns them itself.
  const form = useZodForm(adminPlanUpdateInput, {
    defaultValues: {
      planId: plan.id,
      price: plan.price,
      taskReward: plan.taskReward,
      dailyTaskLimit: String(plan.dailyTaskLimit),
      validityDays: String(plan.validityDays),
    },
    raw: true,
  });
  const { errors } = form.formState;

  // A refusal keeps the editor open; the toast says why.
  const save = form.handleSubmit((values) => update.mutateAsync(values).then(onClose, () => undefined));

  return (
    <form noValidate onSubmit={save} className="flex flex-wrap items-end gap-2">
      {FIELDS.map(({ key, label, step }) => {
        const error = errors[key]?.message;
        return (
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
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${key}-error` : undefined}
              {...form.register(key)}
            />
            {error && (
              <p id={`${id}-${key}-error`} role="alert" className="max-w-32 text-xs text-destructive">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <Button type="submit" size="sm" disabled={update.isPending}>
        Save
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onClose}>
        Cancel
      </Button>
    </form>
  );
}

const COLUMNS: readonly Column<AdminPlan>[] = [
  { header: 'Plan', main: true, cell: (plan) => <span className="font-medium">{plan.planName}</span> },
  { header: 'Price', cell: (plan) => formatPesosAmount(plan.price), className: 'tabular-nums whitespace-nowrap' },
  { header: 'Daily Task Limit', collapse: true, cell: (plan) => plan.dailyTaskLimit, className: 'tabular-nums' },
  {
    header: 'Task Reward',
    collapse: true,
    cell: (plan) => formatPesosAmount(plan.taskReward),
    className: 'tabular-nums whitespace-nowrap',
  },
  { header: 'Validity (days)', collapse: true, cell: (plan) => plan.validityDays, className: 'tabular-nums' },
  {
    header: 'Status',
    cell: (plan) => <Badge variant={plan.isActive ? 'success' : 'secondary'}>{plan.isActive ? 'Active' : 'Inactive'}</Badge>,
  },
  { header: 'Actions', pinned: true, cell: (plan) => <PlanRow plan={plan} /> },
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
      onRetry={() => void plans.refetch()}
      empty="No VIP plans found"
    />
  );
}
