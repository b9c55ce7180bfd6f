import { z } from 'zod';
import { NOTIFICATION_TYPES } from './constants';

/** The newest notifications a member's list carries; the unread count still covers all of them. */
export const NOTIFICATION_LIST_LIMIT = 100;

/** A notification as an admin wrote it (spec/admin.md section 3). */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  isGlobal: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A notification in a member's list, with whether this member has read it. */
export const memberNotificationSchema = notificationSchema.extend({ read: z.boolean() });
export type MemberNotification = z.infer<typeof memberNotificationSchema>;

export const notificationListOutput = z.object({
  items: z.array(memberNotificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListOutput>;

/** A notification id as it arrives in a path: any string; one the member cannot see is not found. */
export const notificationIdInput = z.object({ id: z.string() });
