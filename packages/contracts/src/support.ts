import { messages } from './messages';
import { z } from './zod';

export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;

/**
 * One message of a member's support conversation. `isRead` says whether the other side has read it:
 * for an admin reply, the member; for the member's own message, an admin. So the member sees whether
 * support has read them, and the admin inbox can reuse the same shape for its unread marks.
 */
export const supportMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  isUserMessage: z.boolean(),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/**
 * A chat message as typed, from a member or an admin reply: trimmed, non-empty (docs/product-rules.md#validation), bounded.
 */
export const supportMessageInput = z.object({
  message: z
    .string({ error: messages.support.messageEmpty })
    .trim()
    .min(1, messages.support.messageEmpty)
    .max(SUPPORT_MESSAGE_MAX_LENGTH, messages.support.messageTooLong),
});
