import type { LiveEvent } from '@app/contracts';
import type { Change, ChangeTopic } from '@app/db';

/**
 * What one open page wants to hear of (docs/architecture.md#live-updates): the changes of one row
 * (`support:<userId>`), every change of a topic (`support!all`, an admin's inbox), or the changes of a
 * topic as a whole (`notifications!whole`: a notification for everyone).
 */
export type Interest = `${ChangeTopic}:${string}` | `${ChangeTopic}!all` | `${ChangeTopic}!whole`;

/**
 * The event a page is sent for a change, or 'end' when its session ended or, for an admin's stream
 * (`ownRowEnds`), the admin's own row changed (a suspension, a lost admin flag): the stream closes, and the
 * page's next one is given what the admin may hear now. A member's stream hears its own row as `account`:
 * their balances, pending amounts, payout hold or plan changed (docs/product-rules.md#notices-of-money).
 */
export function eventFor(change: Change, ownRowEnds: boolean): LiveEvent | 'end' | null {
  switch (change.topic) {
    case 'settings':
      return { topic: 'site', userId: null };
    case 'support':
      return { topic: 'support', userId: change.key };
    case 'notifications':
      return { topic: 'notifications', userId: null };
    case 'queues':
      return { topic: 'queues', userId: null };
    case 'user':
      return ownRowEnds ? 'end' : { topic: 'account', userId: null };
    case 'session':
      return 'end';
    default:
      return null;
  }
}

/** The interests a change reaches: every change of its topic, and its row or the topic as a whole. */
export function interestsReached(change: Change): string[] {
  return [`${change.topic}!all`, change.key === null ? `${change.topic}!whole` : `${change.topic}:${change.key}`];
}
