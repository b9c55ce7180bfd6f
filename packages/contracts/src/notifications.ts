import { NOTIFICATION_TYPES } from './constants';
import { isoDateInput } from './inputs';
import { messages } from './messages';
import { optionalPaging } from './paging-schemas';
import { staffMessages } from './staff-messages';
import { z } from './zod';

/** The member pages a notice of money or standing links to (docs/product-rules.md#notices-of-money). */
const NOTICE_LINKS = ['/', '/payouts', '/vip', '/referrals'] as const;
export type NoticeLink = (typeof NOTICE_LINKS)[number];

/** The newest notifications a member's list carries; the unread count still covers all of them. */
export const NOTIFICATION_LIST_LIMIT = 100;

/** A notification as an admin wrote it (docs/screens.md#records). */
const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  isGlobal: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});

/** A notification in a member's list, with whether this member has read it. */
export const memberNotificationSchema = notificationSchema
  .extend({
    read: z.boolean(),
    /** The member page a notice of their money or standing is about ('/payouts', '/vip', '/referrals', '/'); null for an admin's notification. */
    link: z.enum(NOTICE_LINKS).nullable(),
  })
  .meta({ id: 'MemberNotification' });
export type MemberNotification = z.infer<typeof memberNotificationSchema>;

export const notificationListOutput = z.object({
  items: z.array(memberNotificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListOutput>;

/** A notification id as it arrives in a path: any string; one the member cannot see is not found. */
export const notificationIdInput = z.object({ id: z.string() });

const nm = messages.notifications;

/** The notification form's fields (docs/product-rules.md#validation), each with its spec text. */
const notificationFields = {
  title: z.string({ error: nm.titleRequired }).trim().min(1, nm.titleRequired).max(200, nm.titleTooLong),
  message: z.string({ error: nm.messageRequired }).trim().min(1, nm.messageRequired).max(2000, nm.messageTooLong),
  type: z.enum(NOTIFICATION_TYPES, { error: nm.typeInvalid }).default('info'),
  isGlobal: z.boolean({ error: nm.isGlobalInvalid }).default(true),
  expiresAt: isoDateInput(nm.expiryInvalid).nullish(),
};
const targetUser = z.string({ error: nm.targetUnknown }).trim().max(200, nm.targetUnknown).nullish();

/**
 * A notification to store: for everyone, or for one member when not global (a member named on a global
 * one is dropped). Whether the expiry is still ahead is checked against the server's clock.
 */
export interface NotificationDraft {
  title: string;
  message: string;
  type: (typeof NOTIFICATION_TYPES)[number];
  isGlobal: boolean;
  userId: string | null;
  expiresAt: Date | null;
}

function toDraft(
  { expiresAt, ...fields }: Omit<NotificationDraft, 'userId' | 'expiresAt'> & { expiresAt?: Date | null | undefined },
  target: string | null | undefined,
): NotificationDraft {
  return { ...fields, userId: fields.isGlobal ? null : target || null, expiresAt: expiresAt ?? null };
}

/** POST /api/notifications: the notification screen names the member `targetUserId`. */
export const notificationCreateInput = z
  .object({ ...notificationFields, targetUserId: targetUser })
  .transform(({ targetUserId, ...fields }) => toDraft(fields, targetUserId))
  .refine((draft) => draft.isGlobal || draft.userId !== null, nm.targetRequired);

/** POST /api/admin/notifications: the panel names the member `userId`. */
export const adminNotificationInput = z
  .object({ ...notificationFields, userId: targetUser })
  .transform(({ userId, ...fields }) => toDraft(fields, userId))
  .refine((draft) => draft.isGlobal || draft.userId !== null, nm.targetRequired);

/** A notification as admins manage it: who it is for, and how many members have read it. */
export const adminNotificationSchema = notificationSchema
  .extend({
    userId: z.string().nullable(),
    readCount: z.number().int(),
  })
  .meta({ id: 'AdminNotification' });
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

/** Which notifications an admin lists: those members can still see (not expired), or every one. */
const ADMIN_NOTIFICATION_FILTERS = ['active', 'all'] as const;
export type AdminNotificationFilter = (typeof ADMIN_NOTIFICATION_FILTERS)[number];

/**
 * GET /api/notifications/all: the documented array of the latest ones, or with `page` or `pageSize` one
 * page (docs/api-conventions.md#paging); `filter=active` leaves the expired ones out.
 */
export const adminNotificationListInput = z
  .object({
    ...optionalPaging,
    filter: z.enum(ADMIN_NOTIFICATION_FILTERS, { error: staffMessages.admin.notificationFilterInvalid }).default('all'),
  })
  .prefault({});
