import { randomBytes } from 'node:crypto';
import type { LiveEvent } from '@app/contracts';
import type { Change, ChangeFeed, ChangeTopic } from '@app/db';

/**
 * What one open page wants to hear of (docs/architecture.md#live-updates): the changes of one row
 * (`support:<userId>`), every change of a topic (`support!all`, an admin's inbox), or the changes of a
 * topic as a whole (`notifications!whole`: a notification for everyone).
 */
export type Interest = `${ChangeTopic}:${string}` | `${ChangeTopic}!all` | `${ChangeTopic}!whole`;

/** Changes that come within this time of each other reach a page as one event of each kind. */
const COALESCE_MS = 150;

type Listener = (change: Change) => void;

/** The event a page is sent for a change, or 'end' when its session ended (the stream closes). */
function eventFor(change: Change): LiveEvent | 'end' | null {
  switch (change.topic) {
    case 'settings':
      return { topic: 'site', userId: null };
    case 'support':
      return { topic: 'support', userId: change.key };
    case 'notifications':
      return { topic: 'notifications', userId: null };
    case 'queues':
      return { topic: 'queues', userId: null };
    case 'session':
      return 'end';
    default:
      return null;
  }
}

/**
 * Fans the change feed out to the live streams open on this instance, by what each listens to, so a
 * change costs one lookup rather than a call per open page. Every instance hears every change
 * (LISTEN/NOTIFY), so a page open on instance B hears what was done on instance A.
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly resyncs = new Set<() => void>();
  /** Wakes each open stream, so that it sees the hub closing. */
  private readonly wakers = new Set<() => void>();
  private closing = false;
  /** Tells this instance's event ids apart from another's. */
  readonly instance = randomBytes(4).toString('hex');
  /** Streams open now. */
  open = 0;

  constructor(feed: ChangeFeed) {
    feed.subscribe((change) => this.dispatch(change));
    // Changes made while the feed was down were never heard: every open page reads its data again.
    feed.onStatus((live) => {
      if (live) for (const resync of this.resyncs) resync();
    });
  }

  /**
   * The events for one open page until `signal` aborts or its session ends. The first is always `resync`,
   * sent once the page's interests are registered: whatever changed before then (between the page's
   * first read and this connection, or while a dropped stream was down) the page reads again, and
   * whatever changes after reaches it as an event. Changes that come together are sent once each, after
   * a short wait that gathers them.
   */
  async *stream(interests: readonly Interest[], signal: AbortSignal): AsyncGenerator<LiveEvent> {
    const pending = new Map<string, LiveEvent>();
    let ended = false;
    let wake: (() => void) | undefined;
    const push = (event: LiveEvent) => {
      pending.set(`${event.topic}:${event.userId ?? ''}`, event);
      wake?.();
    };
    const onChange: Listener = (change) => {
      const event = eventFor(change);
      if (event === 'end') {
        ended = true;
        wake?.();
      } else if (event) push(event);
    };
    const onResync = () => push({ topic: 'resync', userId: null });
    const onAbort = () => wake?.();
    const stopped = () => signal.aborted || ended || this.closing;

    for (const interest of interests) this.add(interest, onChange);
    this.resyncs.add(onResync);
    this.wakers.add(onAbort);
    signal.addEventListener('abort', onAbort);
    this.open += 1;
    try {
      if (!stopped()) yield { topic: 'resync', userId: null };
      while (!stopped()) {
        if (pending.size === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
          continue;
        }
        await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
        const events = [...pending.values()];
        pending.clear();
        for (const event of events) {
          if (stopped()) break;
          yield event;
        }
      }
    } finally {
      this.open -= 1;
      this.wakers.delete(onAbort);
      signal.removeEventListener('abort', onAbort);
      this.resyncs.delete(onResync);
      for (const interest of interests) this.remove(interest, onChange);
    }
  }

  /**
   * Ends every open stream (the server is shutting down): their pages reconnect, to another instance,
   * instead of holding the shutdown until its time is up.
   */
  close(): void {
    this.closing = true;
    for (const wake of this.wakers) wake();
  }

  private dispatch(change: Change): void {
    const keys = [`${change.topic}!all`, change.key === null ? `${change.topic}!whole` : `${change.topic}:${change.key}`];
    for (const key of keys) {
      const listeners = this.listeners.get(key);
      if (listeners) for (const listener of listeners) listener(change);
    }
  }

  private add(interest: string, listener: Listener): void {
    const listeners = this.listeners.get(interest) ?? new Set<Listener>();
    listeners.add(listener);
    this.listeners.set(interest, listeners);
  }

  private remove(interest: string, listener: Listener): void {
    const listeners = this.listeners.get(interest);
    listeners?.delete(listener);
    if (listeners?.size === 0) this.listeners.delete(interest);
  }
}
