import { randomBytes } from 'node:crypto';
import { type ChangeFeed, type ChangeListener, type FeedStatusListener, parseChange, SYNC_PREFIX } from './changes';

/** markBehind and catchUp over a feed's own sync: concurrent readers share one sync. */
export function withCatchUp(feed: Omit<ChangeFeed, 'markBehind' | 'catchUp'>): ChangeFeed {
  let behind = false;
  let catchingUp: Promise<unknown> | undefined;
  return Object.assign(feed, {
    markBehind() {
      behind = true;
      feed.sendQueuedSoon();
    },
    catchUp() {
      if (behind && !catchingUp) {
        behind = false;
        catchingUp = feed.sync().finally(() => {
          catchingUp = undefined;
        });
      }
      return catchingUp;
    },
  });
}

/** The listeners and the status, whichever database delivers the notifications. */
export class FeedCore {
  private readonly listeners = new Set<ChangeListener>();
  private readonly statusListeners = new Set<FeedStatusListener>();
  private readonly pendingSyncs = new Map<string, () => void>();
  private readonly instance = randomBytes(6).toString('hex');
  private syncs = 0;
  live = false;

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: FeedStatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    this.announce();
  }

  /** Tells the status listeners the status again: caches go cold (changes may have been missed). */
  announce(): void {
    for (const listener of this.statusListeners) listener(this.live);
  }

  deliver(payload: string): void {
    if (payload.startsWith(SYNC_PREFIX)) {
      this.pendingSyncs.get(payload)?.();
      return;
    }
    const change = parseChange(payload);
    if (!change) return;
    for (const listener of this.listeners) listener(change);
  }

  /** A sync payload of this instance and the promise of its arrival. */
  expectSync(): { payload: string; arrived: Promise<void>; forget: () => void } {
    this.syncs += 1;
    const payload = `${SYNC_PREFIX}${this.instance}:${this.syncs}`;
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    this.pendingSyncs.set(payload, () => {
      this.pendingSyncs.delete(payload);
      arrive();
    });
    return { payload, arrived, forget: () => this.pendingSyncs.delete(payload) };
  }
}
