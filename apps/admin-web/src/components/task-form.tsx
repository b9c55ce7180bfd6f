import { type AdminTask, adminTaskCreateInput, FREE_TIER, messages } from '@app/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Switch,
  Textarea,
  trpc,
} from '@app/ui';
import { type FormEvent, useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../lib/feedback';

const m = messages.admin.screens;

interface Values {
  title: string;
  description: string;
  url: string;
  reward: string;
  requiredVipTier: string;
  isActive: boolean;
}
type Errors = Partial<Record<keyof Values, string>>;

/** Create or edit a task; the rules and texts are the shared task schema's. */
export function TaskForm({ task, onClose }: { task?: AdminTask; onClose: () => void }) {
  const id = useId();
  const utils = trpc.useUtils();
  const plans = trpc.admin.plans.list.useQuery();
  const [values, setValues] = useState<Values>({
    title: task?.title ?? '',
    description: task?.description ?? '',
    url: task?.url ?? '',
    reward: task?.reward ?? '',
    requiredVipTier: task?.requiredVipTier ?? FREE_TIER,
    isActive: task?.isActive ?? true,
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = trpc.admin.tasks.create.useMutation();
  const update = trpc.admin.tasks.update.useMutation();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = adminTaskCreateInput.safeParse(values);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (task) await update.mutateAsync({ id: task.id, ...values });
      else await create.mutateAsync(values);
    } catch (error) {
      toastFailure(error, m.taskSaveFailed);
      return;
    }
    await utils.admin.tasks.list.invalidate();
    toastSuccess(m.taskSaved);
    onClose();
  }

  const saving = create.isPending || update.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <DialogHeader className="sm:col-span-2">
            <DialogTitle>{task ? 'Edit Task' : 'Create Task'}</DialogTitle>
            <DialogDescription>FREE members earn the task's reward; VIP members earn their plan's reward per task.</DialogDescription>
          </DialogHeader>
          <Field id={`${id}-title`} label="Title" error={errors.title} className="sm:col-span-2">
            <Input value={values.title} onChange={(event) => set('title', event.target.value)} />
          </Field>
          <Field id={`${id}-description`} label="Description" error={errors.description} className="sm:col-span-2">
            <Textarea rows={3} value={values.description} onChange={(event) => set('description', event.target.value)} />
          </Field>
          <Field id={`${id}-url`} label="Website URL" error={errors.url} className="sm:col-span-2">
            <Input type="url" value={values.url} onChange={(event) => set('url', event.target.value)} placeholder="https://" />
          </Field>
          <Field id={`${id}-reward`} label="Reward (₱)" error={errors.reward}>
            <Input
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={values.reward}
              onChange={(event) => set('reward', event.target.value)}
            />
          </Field>
          <Field id={`${id}-tier`} label="Required tier" error={errors.requiredVipTier}>
            <Select value={values.requiredVipTier} onValueChange={(tier) => set('requiredVipTier', tier)}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={FREE_TIER}>Every member</SelectItem>
                {plans.data?.map((plan) => (
                  <SelectItem key={plan.id} value={plan.id}>
                    {plan.planName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <div className="flex items-center gap-3 sm:col-span-2">
            <Switch id={`${id}-active`} checked={values.isActive} onCheckedChange={(checked) => set('isActive', checked)} />
            <Label htmlFor={`${id}-active`}>Active</Label>
          </div>
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Task'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
