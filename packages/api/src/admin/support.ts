import { messages, type SupportMessage } from '@app/contracts';
import type { Db } from '@app/db';
import { notFound } from '../lib/errors';
import { addMessage, listConversation, markConversationRead } from '../support/service';
import { type AdminActor, logAdminAction } from './log';

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
