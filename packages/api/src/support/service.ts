import type { SupportConversation, SupportMessage } from '@app/contracts';
import type { Db, SupportMessagesTable } from '@app/db';
import type { Selectable } from 'kysely';
import { memberMatches, type QueueWindow } from '../lib/queue';

/** Who reads a conversation: the member it belongs to, or an admin answering from the inbox. */
export type SupportReader = 'member' | 'admin';

const messageColumns = ['id', 'message', 'isUserMessage', 'createdAt', 'readByUserAt', 'readByAdminAt'] as const;

type MessageRow = Pick<Selectable<SupportMessagesTable>, (typeof messageColumns)[number]>;

/** A message is read once its recipient has read it: an admin for the member's messages, the member for replies. */
function toSupportMessage(row: MessageRow): SupportMessage {
  return {
    id: row.id,
    message: row.message,
    isUserMessage: row.isUserMessage,
    createdAt: row.createdAt.toISOString(),
    isRead: (row.isUserMessage ? row.readByAdminAt : row.readByUserAt) !== null,
  };
}

/**
 * A member's whole conversation with support, oldest first. Messages are stamped with the server's clock
 * in milliseconds; the id only makes the order of two stamped in the same millisecond stable.
 */
export async function listConversation(db: Db, userId: string): Promise<SupportMessage[]> {
  const rows = await db
    .selectFrom('supportMessages')
    .select(messageColumns)
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toSupportMessage);
}

/**
 * Adds a message to a member's conversation: the member's own (`isUserMessage`, no author) or an admin's
 * reply (`authorId` = the admin). `message` is already validated by supportMessageInput.
 */
export async function addMessage(
  db: Db,
  entry: { userId: string; message: string; isUserMessage: boolean; authorId: string | null; now: Date },
): Promise<SupportMessage> {
  const row = await db
    .insertInto('supportMessages')
    .values({
      userId: entry.userId,
      message: entry.message,
      isUserMessage: entry.isUserMessage,
      authorId: entry.authorId,
      createdAt: entry.now,
    })
    .returning(messageColumns)
    .executeTakeFirstOrThrow();
  return toSupportMessage(row);
}

/** Marks as read, at `now`, the messages of a member's conversation that the other side wrote. */
export async function markConversationRead(db: Db, userId: string, reader: SupportReader, now: Date): Promise<void> {
  const query = db.updateTable('supportMessages').where('userId', '=', userId);
  if (reader === 'member') {
    await query.set({ readByUserAt: now }).where('isUserMessage', '=', false).where('readByUserAt', 'is', null).execute();
  } else {
    await query.set({ readByAdminAt: now }).where('isUserMessage', '=', true).where('readByAdminAt', 'is', null).execute();
  }
}

/**
 * The admins' inbox: one line per member who has a conversation, with its latest message and how many
 * of the member's messages no admin has read yet, most recent activity first.
 */
export async function listConversations(db: Db, window: QueueWindow): Promise<{ items: SupportConversation[]; total: number }> {
  const latest = db
    .selectFrom('supportMessages')
    .distinctOn('userId')
    .select(['userId', 'message', 'createdAt'])
    .orderBy('userId')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .as('latest');
  const unread = db
    .selectFrom('supportMessages')
    .select((eb) => [
      'userId',
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([f('isUserMessage', '=', true), f('readByAdminAt', 'is', null)]))
        .as('unread'),
    ])
    .groupBy('userId')
    .as('counts');
  const conversations = db
    .selectFrom(latest)
    .innerJoin('users as u', 'u.id', 'latest.userId')
    .$if(window.search !== undefined, (query) => query.where(memberMatches(window.search as string)));
  const [rows, count] = await Promise.all([
    conversations
      .innerJoin(unread, 'counts.userId', 'latest.userId')
      .select(['latest.userId', 'u.email', 'latest.message', 'latest.createdAt', 'counts.unread'])
      .orderBy('latest.createdAt', 'desc')
      .orderBy('latest.userId')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    conversations.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const items = rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    lastMessage: row.message,
    lastAt: row.createdAt.toISOString(),
    unread: Number(row.unread),
  }));
  return { items, total: Number(count.total) };
}
