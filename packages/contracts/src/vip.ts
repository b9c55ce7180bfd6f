import { z } from './zod';

export const vipStatusSchema = z
  .object({
    vipTier: z.string(),
    vipExpiresAt: z.string().nullable(),
    vipPendingApproval: z.boolean(),
    vipPaymentStatus: z.string().nullable(),
    /** The plan a pending request asks for, shown in the 'VIP Approval Pending' banner. */
    pendingVipTier: z.string().nullable(),
    /** When the pending request was made, shown on every plan card while it waits. */
    pendingSince: z.string().nullable(),
    /** The G-CASH reference the pending request was made with (null when none waits), shown once above the plans. */
    pendingReference: z.string().nullable(),
    /** The member's last request when an admin refused it (and none has been made since): what, why, when. */
    lastRejection: z.object({ vipTier: z.string(), reason: z.string(), at: z.string() }).nullable(),
    dailyTaskLimit: z.number().int(),
    tasksCompletedToday: z.number().int(),
    tasksRemaining: z.number().int(),
    /** The ids of the tasks credited to the member today: the task list marks them done and puts them last. */
    tasksDoneToday: z.array(z.string()),
  })
  .meta({ id: 'VipStatus' });
export type VipStatus = z.infer<typeof vipStatusSchema>;
