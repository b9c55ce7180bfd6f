import { activeFlag, recordUpdateInput } from './admin-inputs';
import { FREE_TIER } from './constants';
import { httpUrlInput } from './inputs';
import { pesosInput } from './money-schemas';
import { recordTimestamps } from './record-fields';
import { staffMessages } from './staff-messages';
import { taskSchema } from './tasks';
import { z } from './zod';

const m = staffMessages.admin;

/**
 * A task as admins manage it: the member's fields, where `reward` is the task's own (what FREE members
 * earn), and whether it is on.
 */
export const adminTaskSchema = taskSchema
  .extend({
    isActive: z.boolean(),
    ...recordTimestamps,
  })
  .meta({ id: 'AdminTask' });
export type AdminTask = z.infer<typeof adminTaskSchema>;

const taskFields = {
  title: z.string({ error: m.taskTitleRequired }).trim().min(1, m.taskTitleRequired).max(200, m.taskTitleTooLong),
  description: z.string({ error: m.taskDescriptionTooLong }).trim().max(2000, m.taskDescriptionTooLong),
  url: httpUrlInput(m.taskUrlInvalid),
  reward: pesosInput({ required: m.taskRewardRequired, invalid: m.taskRewardPositive }).refine(
    (centavos) => centavos > 0,
    m.taskRewardPositive,
  ),
  /** A plan id; FREE, blank or null mean every tier. Whether the plan exists is checked by the server. */
  requiredVipTier: z
    .string({ error: m.taskTierUnknown })
    .trim()
    .max(100, m.taskTierUnknown)
    .nullable()
    .transform((tier) => (!tier || tier === FREE_TIER ? null : tier)),
  isActive: activeFlag,
};

export const adminTaskCreateInput = z.object({
  title: taskFields.title,
  description: taskFields.description.default(''),
  url: taskFields.url,
  reward: taskFields.reward,
  requiredVipTier: taskFields.requiredVipTier.optional(),
  isActive: taskFields.isActive.default(true),
});
export type AdminTaskCreateInput = z.output<typeof adminTaskCreateInput>;

/** Editing a task, or switching it on or off with `isActive` alone: omitted fields keep their values. */
export const adminTaskUpdateInput = recordUpdateInput(taskFields);
export type AdminTaskUpdateInput = z.output<typeof adminTaskUpdateInput>;
