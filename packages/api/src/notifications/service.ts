import {
  type AdminNotification,
  type AdminNotificationFilter,
  DEFAULT_LANGUAGE,
  messages,
  NOTIFICATION_LIST_LIMIT,
  type NoticeLink,
  type NotificationDraft,
  type NotificationList,
} from '@app/contracts';
import { translateServerText } from '@app/contracts/server-texts';
import type { Db, NotificationsTable, Tx } from '@app/db';
import type { Selectable } from 'kysely';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { badRequest, notFound } from '../lib/errors';
import { enqueuePushes } from '../push/queue';

/** The notifications a member may see at `now` (docs/product-rules.md#decided-rules): global or theirs, and not expired. */
function visibleNotifications(db: Db, userId: string, now: Date) {
  return db
    .selectFrom('notifications as n')
    .where((eb) => eb.or([eb('n.isGlobal', '=', true), eb('n.userId', '=', userId)]))
    .where((eb) => eb.or([eb('n.expiresAt', 'is', null), eb('n.expiresAt', '>', now)]));
}

/** The member's notifications, newest first, each with its read flag, and how many are unread. */
export async function listMemberNotifications(db: Db, userId: string, now: Date): Promise<NotificationList> {
  const rows = await visibleNotifications(db, userId, now)
    .leftJoin('notificationReads as r', (join) => join.onRef('r.notificationId', '=', 'n.id').on('r.userId', '=', userId))
    .select((eb) => [
      'n.id',
      'n.title',
      'n.message',
      'n.type',
      'n.isGlobal',
      'n.createdAt',
      'n.expiresAt',
      'n.link',
      'r.readAt',
      // A window over every visible row, computed before the limit, so older unread ones still count.
      eb.fn.countAll<number>().filterWhere('r.readAt', 'is', null).over().as('unreadCount'),
    ])
    .orderBy('n.createdAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(NOTIFICATION_LIST_LIMIT)
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      message: row.message,
      type: row.type,
      isGlobal: row.isGlobal,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      read: row.readAt !== null,
      link: row.link as NoticeLink | null,
    })),
    unreadCount: Number(rows[0]?.unreadCount ?? 0),
  };
}

/**
 * Records that the member read a notification; reading it again changes nothing. Refuses (404) a
 * notification the member cannot see (unknown, expired or someone else's). The read is inserted from the visibility
 * query itself, so a notification deleted meanwhile is simply not found.
 */
export async function markNotificationRead(db: Db, userId: string, notificationId: string, now: Date): Promise<void> {
  const inserted = await db
    .insertInto('notificationReads')
    .columns(['notificationId', 'userId', 'readAt'])
    .expression(
      visibleNotifications(db, userId, now)
        .where('n.id', '=', notificationId)
        .select((eb) => ['n.id', eb.val(userId).as('userId'), eb.val(now).as('readAt')]),
    )
    .onConflict((oc) => oc.columns(['notificationId', 'userId']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return;
  const visible = await visibleNotifications(db, userId, now).where('n.id', '=', notificationId).select('n.id').executeTakeFirst();
  if (!visible) throw notFound(messages.notifications.notFound);
}

function toAdminNotification(row: Selectable<NotificationsTable>, readCount: number): AdminNotification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    isGlobal: row.isGlobal,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    readCount,
  };
}

/** The notifications an admin lists: every one, or only those members can still see (not expired at `now`). */
function notificationsShown(db: Db, filter: AdminNotificationFilter, now: Date) {
  const all = db.selectFrom('notifications as n');
  return filter === 'all' ? all : all.where((eb) => eb.or([eb('n.expiresAt', 'is', null), eb('n.expiresAt', '>', now)]));
}

/** A window of the notifications an admin lists, newest first, with how many members have read each. */
export async function listAllNotifications(
  db: Db,
  filter: AdminNotificationFilter,
  now: Date,
  window: { limit: number; offset: number },
): Promise<AdminNotification[]> {
  const rows = await notificationsShown(db, filter, now)
    .selectAll('n')
    .select((eb) =>
      eb
        .selectFrom('notificationReads as r')
        .whereRef('r.notificationId', '=', 'n.id')
        .select((count) => count.fn.countAll<number>().as('reads'))
        .as('readCount'),
    )
    .orderBy('n.createdAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map(({ readCount, ...row }) => toAdminNotification(row, Number(readCount ?? 0)));
}

/** How many notifications an admin's list holds. */
export async function countAllNotifications(db: Db, filter: AdminNotificationFilter, now: Date): Promise<number> {
  const { count } = await notificationsShown(db, filter, now)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A notice to one member that their money or standing changed (docs/product-rules.md#notices-of-money).
 * `adminId` is the admin whose decision caused it, null for an event no admin caused (a bonus credited at a
 * friend's first task); `link` is the member page it is about.
 */
export interface MemberNotice {
  userId: string;
  title: string;
  message: string;
  type: 'success' | 'warning' | 'info';
  adminId: string | null;
  link?: NoticeLink;
  now: Date;
}

/**
 * Tells one member of a change to their money or standing, in the change's own transaction, so the notice
 * exists exactly when the change does, and so do the pushes of it to the member's browsers
 * (docs/architecture.md#web-push): a change rolled back sends nothing. The one writer of a member's notices.
 */
export async function notifyMember(trx: Tx, notice: MemberNotice): Promise<void> {
  // Written in the member's language (docs/architecture.md#two-languages); what an admin typed stays as written.
  const member = await trx.selectFrom('users').select('language').where('id', '=', notice.userId).executeTakeFirst();
  const language = member?.language ?? DEFAULT_LANGUAGE;
  const title = translateServerText(notice.title, language);
  const message = translateServerText(notice.message, language);
  await enqueuePushes(trx, notice.userId, { title, body: message, url: notice.link ?? '/' });
  await trx
    .insertInto('notifications')
    .values({
      userId: notice.userId,
      title,
      message,
      type: notice.type,
      isGlobal: false,
      createdBy: notice.adminId,
      createdAt: notice.now,
      link: notice.link ?? null,
    })
    .execute();
}

/** Sends a notification to everyone or to one member; its expiry, if any, must still be ahead. */
export async function createNotification(db: Db, draft: NotificationDraft, actor: AdminActor, now: Date): Promise<AdminNotification> {
  if (draft.expiresAt && draft.expiresAt <= now) throw badRequest(messages.notifications.expiryPast);
  if (draft.userId) {
    const member = await db.selectFrom('users').select('id').where('id', '=', draft.userId).executeTakeFirst();
    if (!member) throw badRequest(messages.notifications.targetUnknown);
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('notifications')
      .values({ ...draft, createdBy: actor.adminId, createdAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await logAdminAction(trx, actor, {
      action: 'create_notification',
      targetId: row.id,
      details: { title: row.title, type: row.type, isGlobal: row.isGlobal, userId: row.userId },
    });
    return toAdminNotification(row, 0);
  });
}

/** Deletes a notification, and with it who has read it. */
export async function deleteNotification(db: Db, notificationId: string, actor: AdminActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('notifications').where('id', '=', notificationId).returning('title').executeTakeFirst();
    if (!deleted) throw notFound(messages.notifications.notFound);
    await logAdminAction(trx, actor, { action: 'delete_notification', targetId: notificationId, details: { title: deleted.title } });
  });
}
