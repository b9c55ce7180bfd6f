/**
 * The one PostgreSQL notification channel every instance listens on (docs/architecture.md#caches).
 * Triggers (migration 0010) send on it in the transaction that changes a row, so a change and its
 * notification commit together, and PostgreSQL delivers notifications in commit order.
 */
export const CHANGES_CHANNEL = 'app_changes';

/**
 * Set on the application's PostgreSQL connections: their money changes (an earning, a payout, any ledger
 * row) are queued for `queuedChangesSender` to send, not notified in their own transaction (migration 0019).
 */
export const QUEUE_MONEY_CHANGES_SETTING = 'pesotasks.queue_money_changes';

/** The topics the triggers notify (migrations 0010, 0016 to 0018, 0025); a payload of any other is not ours. */
const CHANGE_TOPICS = [
  'user',
  'session',
  'settings',
  'tasks',
  'plans',
  'support',
  'notifications',
  'queues',
  'member-names',
  'members',
  'ledger',
  'admin-logs',
  'risk',
  'referrals',
  'signals',
  'cluster',
] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/**
 * What changed. `key` narrows it: the user's id, the session's hashed id, the member a support message or
 * a notification is for; none means the topic as a whole (the settings row, the task catalogue, the plans,
 * the admin queues, a notification for everyone).
 */
export interface Change {
  topic: ChangeTopic;
  key: string | null;
  /** For a member row, the version the change made (its `xmin`, migration 0020). */
  version?: string;
}

const TOPICS = new Set<string>(CHANGE_TOPICS);
/** A payload this instance sent to learn that every earlier notification has reached it. */
export const SYNC_PREFIX = 'sync:';

/** "topic", "topic:key" or for a member row "user:id@version", as the triggers write them; anything else is not ours and is ignored. */
export function parseChange(payload: string): Change | null {
  const colon = payload.indexOf(':');
  const topic = colon === -1 ? payload : payload.slice(0, colon);
  if (!TOPICS.has(topic)) return null;
  if (colon === -1) return { topic: topic as ChangeTopic, key: null };
  const key = payload.slice(colon + 1);
  const at = topic === 'user' ? key.lastIndexOf('@') : -1;
  return at === -1 ? { topic: topic as ChangeTopic, key } : { topic: 'user', key: key.slice(0, at), version: key.slice(at + 1) };
}

export type ChangeListener = (change: Change) => void;
/** `live` false: notifications may have been missed from now on; true: listening again (and some may have been missed). */
export type FeedStatusListener = (live: boolean) => void;

/**
 * Every instance's view of the changes committed by all instances. While it is not live, a cache may keep
 * nothing longer than a few seconds; each time it goes down or comes back, whatever was cached before may
 * be stale.
 */
export interface ChangeFeed {
  readonly live: boolean;
  subscribe(listener: ChangeListener): () => void;
  onStatus(listener: FeedStatusListener): () => void;
  /**
   * Resolves once every change committed before the call has reached this instance's listeners (a
   * notification of our own sent through the pool arrives after them); false when the feed could not
   * confirm it within the timeout, which also marks the feed down.
   */
  sync(): Promise<boolean>;
  /** A cached table was written outside any request (a script, a test): the next cached read syncs first. */
  markBehind(): void;
  /** This instance's request wrote a member's balances or the ledger: their queued changes go out shortly. */
  sendQueuedSoon(): void;
  /** While a write outside a request may not have reached this instance yet: the sync that catches up. */
  catchUp(): Promise<unknown> | undefined;
  close(): Promise<void>;
}
