import { amountString } from './money-schemas';
import { z } from './zod';

/** A task as a member sees it: `reward` is what this member would earn for it now. */
export const taskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    url: z.string(),
    reward: amountString,
    requiredVipTier: z.string().nullable(),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof taskSchema>;

/** The tasks a member may view now (GET /api/tasks). */
export const taskListSchema = z.array(taskSchema);

/** The task browser's task: the member's view of it, and the seconds a view must last. */
export const taskToViewSchema = taskSchema.extend({ durationSeconds: z.number().int() }).meta({ id: 'TaskToView' });
export type TaskToView = z.infer<typeof taskToViewSchema>;

/** A task id as it arrives in a path: any string; one that matches no task is simply not found. */
export const taskIdInput = z.object({ id: z.string().max(200) });

export const startTaskOutput = z.object({
  viewId: z.string(),
  startedAt: z.string(),
  durationSeconds: z.number().int(),
  /** The member's earlier view of another task, credited by this start because it had lasted its time. */
  collected: z.object({ taskId: z.string(), reward: amountString }).nullable(),
});
export type StartTaskOutput = z.infer<typeof startTaskOutput>;

/** Error values of the completion call (docs/product-rules.md#decided-rules), also carried to /tasks?error=... */
const TASK_COMPLETION_ERRORS = [
  'task-not-found',
  'user-not-found',
  'daily-limit-reached',
  'view-not-started',
  'view-too-short',
  'view-expired',
  'already-completed',
] as const;
export type TaskCompletionError = (typeof TASK_COMPLETION_ERRORS)[number];

export const completeTaskOutput = z.object({
  success: z.boolean(),
  reward: amountString.optional(),
  error: z.enum(TASK_COMPLETION_ERRORS).optional(),
});
export type CompleteTaskOutput = z.infer<typeof completeTaskOutput>;
