import { trpc } from '@app/client';
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
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  useZodForm,
} from '@app/ui';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { toastFailure, toastSuccess } from '../lib/feedback';
import { SwitchField } from './switch-field';

const m = messages.admin.screens;

/** Create or edit a task; the rules and texts are the shared task schema's. */
export function TaskForm({ task, onClose }: { task?: AdminTask; onClose: () => void }) {
  const id = useId();
  const utils = trpc.useUtils();
  const plans = trpc.admin.plans.list.useQuery();
  // raw: the values go as typed (the reward in pesos, the tier's id); the server turns them itself.
  const form = useZodForm(adminTaskCreateInput, {
    defaultValues: {
      title: task?.title ?? '',
      description: task?.description ?? '',
      url: task?.url ?? '',
      reward: task?.reward ?? '',
      requiredVipTier: task?.requiredVipTier ?? FREE_TIER,
      isActive: task?.isActive ?? true,
    },
    raw: true,
  });
  const { errors } = form.formState;
  const create = trpc.admin.tasks.create.useMutation();
  const update = trpc.admin.tasks.update.useMutation();

  const submit = form.handleSubmit(async (values) => {
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
  });

  const saving = create.isPending || update.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <DialogHeader className="sm:col-span-2">
            <DialogTitle>{task ? 'Edit Task' : 'Create Task'}</DialogTitle>
            <DialogDescription>FREE members earn the task's reward; VIP members earn their plan's reward per task.</DialogDescription>
          </DialogHeader>
          <Field id={`${id}-title`} label="Title" error={errors.title?.message} className="sm:col-span-2">
            <Input {...form.register('title')} />
          </Field>
          <Field id={`${id}-description`} label="Description" error={errors.description?.message} className="sm:col-span-2">
            <Textarea rows={3} {...form.register('description')} />
          </Field>
          <Field id={`${id}-url`} label="Website URL" error={errors.url?.message} className="sm:col-span-2">
            <Input type="url" placeholder="https://" {...form.register('url')} />
          </Field>
          <Field id={`${id}-reward`} label="Reward (₱)" error={errors.reward?.message}>
            <Input type="number" inputMode="decimal" step="0.01" min="0" {...form.register('reward')} />
          </Field>
          <Controller
            control={form.control}
            name="requiredVipTier"
            render={({ field }) => (
              <Field id={`${id}-tier`} label="Required tier" error={errors.requiredVipTier?.message}>
                <Select value={field.value ?? FREE_TIER} onValueChange={field.onChange}>
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
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
            )}
          />
          <SwitchField control={form.control} name="isActive" id={`${id}-active`} label="Active" className="sm:col-span-2" />
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
