import { conversationAnswerSchema, conversationInput, okOutput, supportMessageInput, supportMessageSchema } from '@app/contracts';
import { memberProcedure, mutation, okWhenDone, query, restEntries, router } from '../trpc';
import { addMessage, answerConversation, markConversationRead } from './service';

const rest = restEntries('support');

/**
 * The member's live-support chat (docs/screens.md#member-screens, docs/screens.md#states and docs/api-conventions.md#calls-the-apps-make). Plain member calls, not money
 * calls: a suspended member can still write to support about it.
 */
export const supportRouter = router({
  messages: query(memberProcedure, {
    openapi: rest.signedIn(
      'GET',
      '/support/messages',
      'The member’s conversation with support, oldest first: the latest 1,000, or a window of it with `limit` or `cursor`',
    ),
    input: conversationInput,
    output: conversationAnswerSchema,
    run: (ctx, input) => answerConversation(ctx, ctx.db, ctx.user.id, input),
  }),

  send: mutation(memberProcedure, {
    openapi: rest.signedIn('POST', '/support/messages', 'Send a message to support'),
    input: supportMessageInput,
    output: supportMessageSchema,
    run: (ctx, input) =>
      addMessage(ctx.db, { userId: ctx.user.id, message: input.message, isUserMessage: true, authorId: null, now: ctx.now() }),
  }),

  markRead: mutation(memberProcedure, {
    openapi: rest.signedIn('POST', '/support/messages/read', 'Mark support’s replies as read by the member'),
    output: okOutput,
    run: (ctx) => okWhenDone(markConversationRead(ctx.db, ctx.user.id, 'member', ctx.now())),
  }),
});
