import { LIVE_STREAM_LIMITS, type LiveEvent } from '@app/contracts';
import type { Change, ChangeFeed } from '@app/db';
import { type LiveStreamLimits, StreamAdmissions } from './admission';
import { EventIds } from './event-ids';
import { eventFor, type Interest, interestsReached } from './events';

/** Changes that come within this time of each other reach a page as one event of each kind. */
const COALESCE_MS = 150;

/**
 * How many streams send their events in one turn of the event loop once a gathering wait is over. A change
 * everyone hears (the site's state, a notification for all) wakes every open stream at once; sending 10,000
 * events in one turn held every other request for seconds (docs/architecture.md#live-updates).
 */
const STREAMS_PER_TURN = 20;

/**
 * How many of the latest changes each instance keeps at least, so that a page reconnecting with its last
 * event id is sent what it missed rather than told to read everything again. At the benchmark's write
 * rates this is about a second; on a quieter site, minutes.
 */
const REPLAY_CHANGES = 2_048;

/**
 * One event of a stream with its id: `<instance>-<sealed number>`, the number of the latest change it tells
 * of sealed with a key of the instance's (EventIds.idOf).
 */
export interface LiveMessage {
  id: string;
  event: LiveEvent;
}

type Listener = (change: Change, seq: number) => void;

/**
 * Fans the change feed out to the live streams open on this instance, by what each listens to, so a
 * change costs one lookup rather than a call per open page. Every instance hears every change
 * (LISTEN/NOTIFY), so a page open on instance B hears what was done on instance A. Each change heard gets
 * the next number of this instance's sequence; the latest are kept for reconnecting pages to resume from.
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly resyncs = new Set<() => void>();
  /** Wakes each open stream, so that it sees the hub closing. */
  private readonly wakers = new Set<() => void>();
  private closing = false;
  /** The number of the latest change heard (or of the latest gap). */
  private seq = 0;
  /** The latest changes, oldest first, each with its number. */
  private readonly recent: { seq: number; change: Change }[] = [];
  /** A page may resume only from this number or later: before it, the feed was down and changes went unheard. */
  private resumableFrom = 0;
  /** Seals the change numbers in this instance's event ids. */
  private readonly ids = new EventIds();
  /** Streams whose gathering wait is running: they send together when it ends (gathered). */
  private gathering: (() => void)[] = [];
  /** Streams whose wait is over, in the order they go, STREAMS_PER_TURN per turn of the loop (sendInTurns). */
  private readonly sending: (() => void)[] = [];
  /** The caps on open streams, and how many are open by kind. */
  readonly admissions: StreamAdmissions;

  constructor(feed: ChangeFeed, limits: LiveStreamLimits = LIVE_STREAM_LIMITS) {
    this.admissions = new StreamAdmissions(limits);
    feed.subscribe((change) => this.dispatch(change));
    feed.onStatus((live) => {
      if (!live) {
        // A gap: what changes until the feed is back is never heard, so no page resumes across it.
        this.seq += 1;
        this.resumableFrom = this.seq;
      } else {
        // Changes made while the feed was down were never heard: every open page reads its data again.
        for (const resync of this.resyncs) resync();
      }
    });
  }

  /**
   * The events for one open page until `signal` aborts or its session ends. A page that reconnects with
   * the id of the last event it had from this instance, while the changes since are still kept, is sent
   * those of them it listens to. Any other first connection starts with `resync`: whatever changed before
   * the page's interests were registered (since its first read, or while a dropped stream was down on
   * another instance) the page reads again. Changes that come together are sent once each, after a short
   * wait that gathers them, in the order of their latest change.
   */
  async *stream(
    interests: readonly Interest[],
    signal: AbortSignal,
    options: {
      lastEventId?: string | null | undefined;
      /** How long what the stream may hear lasts (an admin panel's unlock, by the app's clock): it ends then. */
      endsInMs?: number | null | undefined;
      /** Whether a change of the holder's own row (`user:<id>`) ends the stream (an admin's) rather than being heard (a member's). */
      ownRowEnds?: boolean;
    } = {},
  ): AsyncGenerator<LiveMessage> {
    const { lastEventId, endsInMs, ownRowEnds = false } = options;
    const pending = new Map<string, { event: LiveEvent; seq: number }>();
    let ended = false;
    let wake: (() => void) | undefined;
    const expiry =
      endsInMs === undefined || endsInMs === null
        ? undefined
        : setTimeout(
            () => {
              ended = true;
              wake?.();
            },
            Math.max(0, endsInMs),
          );
    const push = (event: LiveEvent, seq: number) => {
      pending.set(`${event.topic}:${event.userId ?? ''}`, { event, seq });
      wake?.();
    };
    const onChange: Listener = (change, seq) => {
      const event = eventFor(change, ownRowEnds);
      if (event === 'end') {
        ended = true;
        wake?.();
      } else if (event) push(event, seq);
    };
    const onResync = () => push({ topic: 'resync', userId: null }, this.seq);
    const onAbort = () => wake?.();
    const stopped = () => signal.aborted || ended || this.closing;

    for (const interest of interests) this.add(interest, onChange);
    this.resyncs.add(onResync);
    this.wakers.add(onAbort);
    signal.addEventListener('abort', onAbort);
    try {
      const resumeAfter = this.resumePoint(lastEventId);
      if (resumeAfter === null) {
        if (!stopped()) yield { id: this.ids.idOf(this.seq), event: { topic: 'resync', userId: null } };
      } else {
        // Registered above before this read: a change heard since is both here and pending, and sent once.
        const wanted = new Set<string>(interests);
        for (const { seq, change } of this.recent) {
          if (seq > resumeAfter && interestsReached(change).some((key) => wanted.has(key))) onChange(change, seq);
        }
      }
      while (!stopped()) {
        if (pending.size === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
          continue;
        }
        await this.gathered();
        const batch = [...pending.values()].sort((a, b) => a.seq - b.seq);
        pending.clear();
        for (const { event, seq } of batch) {
          if (stopped()) break;
          yield { id: this.ids.idOf(seq), event };
        }
      }
    } finally {
      clearTimeout(expiry);
      this.wakers.delete(onAbort);
      signal.removeEventListener('abort', onAbort);
      this.resyncs.delete(onResync);
      for (const interest of interests) this.remove(interest, onChange);
    }
  }

  /**
   * Resolves once the current gathering wait (COALESCE_MS, started by the first stream to join it) is over
   * and this stream's turn to send has come: the streams woken by one change share one timer and send a
   * few at a time, with the loop free for other requests between turns.
   */
  private gathered(): Promise<void> {
    return new Promise((resolve) => {
      this.gathering.push(resolve);
      if (this.gathering.length > 1) return;
      setTimeout(() => {
        const due = this.gathering;
        this.gathering = [];
        const idle = this.sending.length === 0;
        for (const send of due) this.sending.push(send);
        if (idle) this.sendInTurns();
      }, COALESCE_MS);
    });
  }

  /** Lets STREAMS_PER_TURN waiting streams send, and the rest in later turns of the loop (setImmediate). */
  private sendInTurns(): void {
    for (const send of this.sending.splice(0, STREAMS_PER_TURN)) send();
    if (this.sending.length > 0) setImmediate(() => this.sendInTurns());
  }

  /**
   * Ends every open stream (the server is shutting down): their pages reconnect, to another instance,
   * instead of holding the shutdown until its time is up.
   */
  close(): void {
    this.closing = true;
    for (const wake of this.wakers) wake();
  }

  /**
   * Where the feed is now, as an event id: read before a page's first data (every GET batch carries it,
   * apps/server/src/trpc/register.ts), it lets the page's first stream start from there, with the changes
   * since, instead of with `resync` (docs/architecture.md#live-updates).
   */
  position(): string {
    return this.ids.idOf(this.seq);
  }

  /**
   * The number a reconnecting page resumes after, or null when it cannot: an id of another instance or
   * none, one from before a gap in the feed, or one older than the changes still kept.
   */
  private resumePoint(lastEventId: string | null | undefined): number | null {
    const seq = this.ids.seqOf(lastEventId);
    if (seq === null) return null;
    const oldestKept = this.recent[0]?.seq ?? this.seq + 1;
    if (seq < this.resumableFrom || seq > this.seq || seq < oldestKept - 1) return null;
    return seq;
  }

  private dispatch(change: Change): void {
    this.seq += 1;
    this.recent.push({ seq: this.seq, change });
    // Trimmed in halves, not one at a time: the kept changes are REPLAY_CHANGES to twice that.
    if (this.recent.length >= 2 * REPLAY_CHANGES) this.recent.splice(0, REPLAY_CHANGES);
    for (const key of interestsReached(change)) {
      const listeners = this.listeners.get(key);
      if (listeners) for (const listener of listeners) listener(change, this.seq);
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
