import {
  CHAT_WINDOW_SIZE,
  type ConversationWindow,
  messages,
  type SupportConversation,
  type SupportMessage,
  staffMessages,
  UNPAGED_LIST_LIMIT,
} from '@app/contracts';
import type { Db, SupportMessagesTable } from '@app/db';
import { type Selectable, sql } from 'kysely';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import type { Context } from '../context';
import { badRequest, notFound } from '../lib/errors';
import { countTotal, inWindow, type ListRead, type QueueReader, type QueueWindow, queueTotal, searchingMembers } from '../lib/queue';

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

/** How a conversation is asked for: neither field for the documented array, either for a window (conversationWindow). */
interface ConversationRequest {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/**
 * A window of a member's conversation, oldest first: the latest `limit` messages, or the `limit` before
 * the message `cursor` names, and whether any come before them. Messages are stamped with the server's
 * clock in milliseconds; the id only makes the order of two stamped in the same millisecond stable.
 */
async function readWindow(db: Db, userId: string, limit: number, cursor: string | undefined) {
  const rows = await db
    .selectFrom('supportMessages')
    .select(messageColumns)
    .where('userId', '=', userId)
    .$if(cursor !== undefined, (query) =>
      query.where(
        sql<boolean>`(created_at, id) < (SELECT created_at, id FROM support_messages WHERE id = ${cursor} AND user_id = ${userId})`,
      ),
    )
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  // Nothing before a message is an answer; nothing before a message that is not in the conversation is a mistake.
  if (cursor !== undefined && rows.length === 0) {
    const anchor = await db
      .selectFrom('supportMessages')
      .select('id')
      .where('id', '=', cursor)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!anchor) throw badRequest(messages.support.cursorUnknown);
  }
  return { items: rows.slice(0, limit).reverse().map(toSupportMessage), hasEarlier: rows.length > limit };
}

/** How many messages a member's conversation holds, or how many of support's replies in it the member has not read. */
async function countMessages(db: Db, userId: string, which: 'all' | 'unread-replies'): Promise<number> {
  const { count } = await db
    .selectFrom('supportMessages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .$if(which === 'unread-replies', (query) => query.where('isUserMessage', '=', false).where('readByUserAt', 'is', null))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A member's conversation as the caller asked for it (docs/api-conventions.md#paging): a window, or the
 * documented array of the latest UNPAGED_LIST_LIMIT messages with the whole conversation's length in
 * X-Total-Count (counted only when it is longer than that).
 */
export async function answerConversation(
  ctx: Pick<Context, 'req'>,
  db: Db,
  userId: string,
  request: ConversationRequest,
): Promise<SupportMessage[] | ConversationWindow> {
  if (request.limit !== undefined || request.cursor !== undefined) {
    const [window, unreadReplies] = await Promise.all([
      readWindow(db, userId, request.limit ?? CHAT_WINDOW_SIZE, request.cursor),
      countMessages(db, userId, 'unread-replies'),
    ]);
    return { ...window, unreadReplies };
  }
  const { items, hasEarlier } = await readWindow(db, userId, UNPAGED_LIST_LIMIT, undefined);
  const total = hasEarlier ? await countMessages(db, userId, 'all') : items.length;
  ctx.req.setHeader('x-total-count', String(total));
  return items;
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
 * of the member's messages no admin has read yet, most recent activity first. Each conversation's line
 * is kept beside its messages (support_conversations, migration 0014), so a page reads as many rows as
 * it shows: without a search down the index in inbox order, with one from the members found by their
 * search text (migration 0005).
 */
export async function listAllConversations({ db, caches }: QueueReader, window: QueueWindow): Promise<ListRead<SupportConversation>> {
  const search = window.search;
  const conversations = db
    .selectFrom('supportConversations as c')
    .innerJoin('users as u', 'u.id', 'c.userId')
    .$call(searchingMembers(search));
  const [page, total] = await Promise.all([
    conversations
      .select(['c.userId', 'u.email', 'c.lastMessage', 'c.lastAt', 'c.unread'])
      .orderBy('c.lastAt', 'desc')
      .orderBy('c.userId')
      .$call(inWindow(window))
      .execute(),
    // Without a search every conversation counts (each has its member): the count reads the one table.
    queueTotal({ db, caches }, 'support-conversations', search, () =>
      countTotal(search === undefined ? db.selectFrom('supportConversations as c') : conversations),
    ),
  ]);
  const items = page.map((row) => ({
    userId: row.userId,
    email: row.email,
    lastMessage: row.lastMessage,
    lastAt: row.lastAt.toISOString(),
    unread: row.unread,
  }));
  return { items, total, members: items.map((item) => item.userId), validUntil: null };
}

async function refuseUnknownMember(db: Db, userId: string): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound(staffMessages.admin.userNotFound);
}

/** A member's conversation as an admin opens it: their messages count as read by support from now. */
export async function openConversation(
  ctx: Pick<Context, 'req'>,
  db: Db,
  { userId, ...request }: ConversationRequest & { userId: string },
  now: Date,
): Promise<SupportMessage[] | ConversationWindow> {
  await refuseUnknownMember(db, userId);
  // A link on another site opening the thread must not mark a member's messages read behind the admin's back.
  if (!ctx.req.startedElsewhere) await markConversationRead(db, userId, 'admin', now);
  return answerConversation(ctx, db, userId, request);
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
