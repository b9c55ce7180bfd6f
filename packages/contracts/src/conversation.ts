import type { SupportMessage } from './support';

// Apart from support.ts so that the chat button, on the first screen of every page, does not bring zod along.

/** The messages a chat shows when it opens, and how many more each 'Show earlier messages' brings. */
export const CHAT_WINDOW_SIZE = 50;

/**
 * A window of a conversation, oldest first, whether messages before it remain, and how many of support's
 * replies in the whole conversation the member has not read yet (conversationWindow).
 */
export interface ConversationWindow {
  items: SupportMessage[];
  hasEarlier: boolean;
  unreadReplies: number;
}

/**
 * A conversation's answer as a window, whichever shape it came in: the apps always ask for a window, but
 * the procedure's type also allows the documented array of the REST contract.
 */
export function asConversationWindow(answer: readonly SupportMessage[] | ConversationWindow): ConversationWindow {
  if (!Array.isArray(answer)) return answer as ConversationWindow;
  const unreadReplies = answer.filter((message) => !message.isUserMessage && !message.isRead).length;
  return { items: [...answer], hasEarlier: false, unreadReplies };
}

/** The cursor that reads the messages before a window, or undefined at the start of the conversation. */
export function earlierCursor(answer: readonly SupportMessage[] | ConversationWindow): string | undefined {
  const { items, hasEarlier } = asConversationWindow(answer);
  return hasEarlier ? items[0]?.id : undefined;
}

/** The windows read so far, the latest first as they were read, as one conversation oldest first. */
export function conversationOf(windows: readonly (readonly SupportMessage[] | ConversationWindow)[]): SupportMessage[] {
  return [...windows].reverse().flatMap((answer) => asConversationWindow(answer).items);
}
