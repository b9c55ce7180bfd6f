import { NOTIFICATION_LIST_LIMIT, type NotificationList } from '@app/contracts';
import type { Db } from '@app/db';

/** The notifications a member may see at `now` (DESIGN.md section 5): global or theirs, and not expired. */
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
    })),
    unreadCount: Number(rows[0]?.unreadCount ?? 0),
  };
}

/**
 * Records that the member read a notification; reading it again changes nothing. Returns false when the
 * member cannot see it (unknown, expired or someone else's). The read is inserted from the visibility
 * query itself, so a notification deleted meanwhile is simply not found.
 */
export async function markNotificationRead(db: Db, userId: string, notificationId: string, now: Date): Promise<boolean> {
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
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const visible = await visibleNotifications(db, userId, now).where('n.id', '=', notificationId).select('n.id').executeTakeFirst();
  return visible !== undefined;
}
