import { messages } from './messages';
import { memberText } from './text';
import { z } from './zod';

const m = messages.support;

export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;

/**
 * One message of a member's support conversation. `isRead` says whether the other side has read it:
 * for an admin reply, the member; for the member's own message, an admin. So the member sees whether
 * support has read them, and the admin inbox can reuse the same shape for its unread marks.
 */
export const supportMessageSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    isUserMessage: z.boolean(),
    createdAt: z.string(),
    isRead: z.boolean(),
  })
  .meta({ id: 'SupportMessage' });
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/**
 * A chat message as typed, from a member or an admin reply: trimmed, non-empty (docs/product-rules.md#validation), bounded.
 */
export const supportMessageInput = z.object({
  message: memberText(m.messageEmpty, { multiline: true }).trim().min(1, m.messageEmpty).max(SUPPORT_MESSAGE_MAX_LENGTH, m.messageTooLong),
});

const CHAT_WINDOW_MAX = 200;

/**
 * How a conversation is read (docs/api-conventions.md#paging): without `limit` or `cursor` the documented
 * array, the latest UNPAGED_LIST_LIMIT messages oldest first; with either, a window of `limit` messages
 * (CHAT_WINDOW_SIZE of conversation.ts by default), the latest ones or those just before the message `cursor` names. A
 * cursor rather than a page number, because new messages keep arriving at the end while a reader goes
 * back: a page counted from the end would shift under them.
 */
export const conversationWindow = {
  limit: z.coerce
    .number({ error: m.windowLimitInvalid })
    .int(m.windowLimitInvalid)
    .min(1, m.windowLimitInvalid)
    .max(CHAT_WINDOW_MAX, m.windowLimitInvalid)
    .optional(),
  cursor: z.string({ error: m.cursorUnknown }).min(1, m.cursorUnknown).max(200, m.cursorUnknown).optional(),
};

/** A member reads their own conversation. */
export const conversationInput = z.object(conversationWindow).prefault({});

/** A window of a conversation (ConversationWindow). */
const conversationWindowSchema = z.object({
  items: z.array(supportMessageSchema),
  hasEarlier: z.boolean(),
  unreadReplies: z.number().int(),
});

/** A conversation as its member or the inbox reads it: a window, or the documented array. */
export const conversationAnswerSchema = z
  .union([conversationWindowSchema, z.array(supportMessageSchema)])
  .meta({ id: 'ConversationAnswer' });
