import { messages, type SupportConversation, type SupportMessage } from '@app/contracts';
import type { Db, SupportMessagesTable } from '@app/db';
import { type Selectable, sql } from 'kysely';
import { type AdminActor, logAdminAction } from '../activity/service';
import { notFound } from '../lib/errors';
import { memberMatches, type QueueWindow, queueLength } from '../lib/queue';

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

/** How many of the member's messages (`userId`, a column reference) no admin has read yet. */
const unreadOf = (userId: string) =>
  sql<number>`(SELECT count(*) FROM support_messages unread
    WHERE unread.user_id = ${sql.ref(userId)} AND unread.is_user_message AND unread.read_by_admin_at IS NULL)`;

/**
 * One page of the inbox without a search: the messages newest first (migration 0012's index), each kept
 * if its member has no later one (created_at, then id, as listConversation orders them). The walk stops
 * at the page's end, so it reads about as many messages as the page shows.
 */
function latestPage(db: Db, window: QueueWindow) {
  return db
    .selectFrom('supportMessages as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('supportMessages as later')
            .select('later.id')
            .whereRef('later.userId', '=', 'm.userId')
            .where((later) => later(later.refTuple('later.createdAt', 'later.id'), '>', later.refTuple('m.createdAt', 'm.id'))),
        ),
      ),
    )
    .select(['m.userId', 'u.email', 'm.message', 'm.createdAt', unreadOf('m.userId').as('unread')])
    .orderBy('m.createdAt', 'desc')
    .orderBy('m.userId')
    .limit(window.limit)
    .offset(window.offset);
}

/** One page of the inbox for a search: the members found (their search text's index), each with their latest message. */
function matchingPage(db: Db, window: QueueWindow, search: string) {
  return db
    .selectFrom('users as u')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('supportMessages as latest')
          .select(['latest.message', 'latest.createdAt'])
          .whereRef('latest.userId', '=', 'u.id')
          .orderBy('latest.createdAt', 'desc')
          .orderBy('latest.id', 'desc')
          .limit(1)
          .as('m'),
      (join) => join.onTrue(),
    )
    .where(memberMatches(search))
    .select(['u.id as userId', 'u.email', 'm.message', 'm.createdAt', unreadOf('u.id').as('unread')])
    .orderBy('m.createdAt', 'desc')
    .orderBy('u.id')
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * The admins' inbox: one line per member who has a conversation, with its latest message and how many
 * of the member's messages no admin has read yet, most recent activity first. Only the page's members
 * have their unread messages counted.
 */
export async function listConversations(db: Db, window: QueueWindow): Promise<{ items: SupportConversation[]; total: number }> {
  const search = window.search;
  // Every message has its member, so without a search the members who wrote are counted by the index alone.
  const counting =
    search === undefined
      ? db
          .selectFrom(db.selectFrom('supportMessages').select('userId').distinct().as('writers'))
          .select((eb) => eb.fn.countAll<number>().as('total'))
      : db
          .selectFrom('users as u')
          .where(({ exists, selectFrom }) => exists(selectFrom('supportMessages as m').select('m.id').whereRef('m.userId', '=', 'u.id')))
          .where(memberMatches(search))
          .select((eb) => eb.fn.countAll<number>().as('total'));
  const [page, total] = await Promise.all([
    (search === undefined ? latestPage(db, window) : matchingPage(db, window, search)).execute(),
    queueLength(db, 'support-conversations', search, () => counting.executeTakeFirstOrThrow()),
  ]);
  const items = page.map((row) => ({
    userId: row.userId,
    email: row.email,
    lastMessage: row.message,
    lastAt: row.createdAt.toISOString(),
    unread: Number(row.unread),
  }));
  return { items, total };
}

async function refuseUnknownMember(db: Db, userId: string): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound(messages.admin.userNotFound);
}

/** A member's conversation as an admin opens it: their messages count as read by support from now. */
export async function openConversation(db: Db, userId: string, now: Date): Promise<SupportMessage[]> {
  await refuseUnknownMember(db, userId);
  await markConversationRead(db, userId, 'admin', now);
  return listConversation(db, userId);
}

/** An admin's answer in a member's conversation (docs/product-rules.md#decided-rules: isUserMessage false). */
export async function replyToMember(db: Db, userId: string, message: string, actor: AdminActor, now: Date): Promise<SupportMessage> {
  await refuseUnknownMember(db, userId);
  return db.transaction().execute(async (trx) => {
    const reply = await addMessage(trx, { userId, message, isUserMessage: false, authorId: actor.adminId, now });
    await logAdminAction(trx, actor, { action: 'support_reply', targetId: userId, details: { messageId: reply.id } });
    return reply;
  });
}
