import { trpc } from '@app/client';
import { type AdminTask, adminTaskCreateInput, FREE_TIER, staffMessages } from '@app/contracts';
import { FormDialog, SelectField, SwitchField, TextField, useZodForm } from '@app/ui';
import { useId } from 'react';
import { rowSave } from '../../lib/feedback';

const m = staffMessages.admin.screens;

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
  const { save, dialog } = rowSave({
    id: task?.id,
    noun: 'Task',
    success: m.taskSaved,
    create: trpc.admin.tasks.create.useMutation(),
    update: trpc.admin.tasks.update.useMutation(),
    reload: () => utils.admin.tasks.list.invalidate(),
    failure: m.taskSaveFailed,
    close: onClose,
  });
  const submit = form.handleSubmit(save);

  return (
    <FormDialog
      {...dialog}
      description="FREE members earn the task's reward; VIP members earn their plan's reward per task."
      onSubmit={submit}
    >
      <TextField control={form.control} name="title" label="Title" className="sm:col-span-2" />
      <TextField control={form.control} name="description" label="Description" rows={3} className="sm:col-span-2" />
      <TextField control={form.control} name="url" label="Website URL" type="url" placeholder="https://" className="sm:col-span-2" />
      <TextField control={form.control} name="reward" label="Reward (₱)" type="number" inputMode="decimal" step="0.01" min="0" />
      <SelectField
        control={form.control}
        name="requiredVipTier"
        id={`${id}-tier`}
        label="Required tier"
        options={[
          { value: FREE_TIER, label: 'Every member' },
          ...(plans.data ?? []).map((plan) => ({ value: plan.id, label: plan.planName })),
        ]}
        error={errors.requiredVipTier?.message}
      />
      <SwitchField control={form.control} name="isActive" id={`${id}-active`} label="Active" className="sm:col-span-2" />
    </FormDialog>
  );
}
