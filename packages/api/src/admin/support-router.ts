import {
  conversationAnswerSchema,
  supportConversationSchema,
  supportMessageSchema,
  supportReplyInput,
  supportThreadInput,
} from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { answeringQueue } from '../lib/queue';
import { listAllConversations, openConversation, replyToMember } from '../support/service';
import { adminCall, adminProcedure, mutation, query, router } from '../trpc';

/** The Support inbox (docs/product-rules.md#decided-rules): conversations with unread counts, a thread, a reply. */
export const adminSupportRouter = router({
  conversations: query(adminProcedure, {
    openapi: adminCall(
      'GET',
      '/admin/support/conversations',
      'Members’ conversations, latest activity first, with unread counts; paged and searchable by the member',
    ),
    ...answeringQueue('support-conversations', supportConversationSchema, (ctx, window) => listAllConversations(ctx, window)),
  }),

  thread: query(adminProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: adminCall(
      'GET',
      '/admin/support/conversations/{userId}',
      'A member’s conversation, oldest first (the latest 1,000, or a window with `limit` or `cursor`); marks their messages read',
    ),
    input: supportThreadInput,
    output: conversationAnswerSchema,
    // A query over REST (GET) that marks read: opening the thread is what reading it means.
    run: (ctx, input) => openConversation(ctx, ctx.db, input, ctx.now()),
  }),

  reply: mutation(adminProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: adminCall('POST', '/admin/support/conversations/{userId}/reply', 'Answer a member'),
    input: supportReplyInput,
    output: supportMessageSchema,
    run: (ctx, input) => replyToMember(ctx.db, input.userId, input.message, actorOf(ctx), ctx.now()),
  }),
});
