import { z } from './zod';

export const vipStatusSchema = z.object({
  vipTier: z.string(),
  vipExpiresAt: z.string().nullable(),
  vipPendingApproval: z.boolean(),
  vipPaymentStatus: z.string().nullable(),
  /** The plan a pending request asks for, shown in the 'VIP Approval Pending' banner. */
  pendingVipTier: z.string().nullable(),
  dailyTaskLimit: z.number().int(),
  tasksCompletedToday: z.number().int(),
  tasksRemaining: z.number().int(),
});
export type VipStatus = z.infer<typeof vipStatusSchema>;
