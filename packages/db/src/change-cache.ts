import type { ChangeFeed, ChangeTopic } from './changes';

/** How long a cached value may be served while notifications are down (docs/architecture.md#caches). */
export const COLD_FEED_MAX_AGE_MS = 5_000;
/**
 * How long the changes of each row are remembered, to tell whether a load that ran meanwhile read the row
 * before its change. A load that took longer is answered but not kept.
 */
const CHANGE_MEMORY_MS = 10_000;

interface Entry<V> {
  value: V;
  /** When the read that gave the value began: the database may have changed any time after, not only after it ended. */
  loadedAt: number;
  epoch: number;
  /** The rows it was read from, as "topic:key". */
  rows: readonly string[];
}

interface Load<V> {
  promise: Promise<V>;
  seq: number;
}

export interface ChangeCacheOptions<V> {
  /** The topics whose changes drop entries: a change with a key drops what was read from that row, one without drops all. */
  topics: readonly ChangeTopic[];
  /** Entries kept at most; the least recently used goes first. */
  maxEntries: number;
  /** The rows a value was read from, as "topic:key"; by default the first topic's row of the cache key. */
  readFrom?: (key: string, value: V) => readonly string[];
  /** Whether a loaded value is kept (a session that does not exist is not). */
  keep?: (value: V) => boolean;
  /**
   * Topics whose every change drops everything, keyed or not: values read from a whole table (a count, a
   * page in the table's order), which any row of it can change.
   */
  everyChangeClears?: readonly ChangeTopic[];
  /**
   * The version of a row ("topic:key") that a value was read at, if known: a change that names the same
   * version is the one the value already shows, and leaves it kept.
   */
  versionOf?: (value: V, row: string) => string | undefined;
  now?: () => number;
}

/**
 * Values read from the database, kept in this instance's memory until a change notification says one of
 * the rows they were read from changed (docs/architecture.md#caches). Correct across instances because
 * every change to a cached row notifies in its own transaction, and within one instance because the
 * server waits for its own notifications before it answers a call that wrote (ChangeFeed.sync).
 *
 * - A value whose rows changed while it was being loaded is answered but not kept: it may predate the change.
 * - Concurrent misses of one key share one load, unless something changed since it started.
 * - Each time the feed goes down or comes back, everything cached before is cold (changes may have been
 *   missed); while it is down, a value is kept at most COLD_FEED_MAX_AGE_MS.
 */
export class ChangeCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Which entries were read from a row ("topic:key" to cache keys), to drop them when it changes. */
  private readonly readers = new Map<string, Set<string>>();
  /** The latest change of each row within CHANGE_MEMORY_MS, oldest first, by sequence number and time. */
  private readonly changed = new Map<string, { seq: number; at: number }>();
  private readonly loads = new Map<string, Load<V>>();
  private readonly topics: ReadonlySet<ChangeTopic>;
  private readonly clearingTopics: ReadonlySet<ChangeTopic>;
  private readonly readFrom: (key: string, value: V) => readonly string[];
  private readonly keep: (value: V) => boolean;
  private readonly now: () => number;
  private seq = 0;
  private epoch = 0;
  hits = 0;
  misses = 0;
  invalidations = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: ChangeCacheOptions<V>,
  ) {
    this.topics = new Set(options.topics);
    this.clearingTopics = new Set(options.everyChangeClears);
    const [topic] = options.topics;
    this.readFrom = options.readFrom ?? ((key) => [`${topic}:${key}`]);
    this.keep = options.keep ?? (() => true);
    this.now = options.now ?? Date.now;
    feed.subscribe((change) => {
      if (!this.topics.has(change.topic)) return;
      if (change.key === null || this.clearingTopics.has(change.topic)) this.clear();
      else this.rowChanged(`${change.topic}:${change.key}`, change.version);
    });
    feed.onStatus(() => this.clear());
  }

  /**
   * The cached value of `key`, or `load`'s, kept when it is safe to. `stillValid` says whether a kept value
   * still holds apart from its rows (one that shows a state ending at a set time); one that does not is read again.
   */
  get(key: string, load: () => Promise<V>, stillValid?: (value: V) => boolean): Promise<V> {
    const catchingUp = this.feed.catchUp();
    if (catchingUp) return catchingUp.then(() => this.get(key, load, stillValid));
    const entry = this.entries.get(key);
    if (entry && this.isFresh(entry) && (stillValid?.(entry.value) ?? true)) {
      this.hits += 1;
      // Most recently used last, so the first key of the map is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return Promise.resolve(entry.value);
    }
    if (entry) this.remove(key);
    this.misses += 1;
    const running = this.loads.get(key);
    if (running && running.seq === this.seq) return running.promise;

    const started = { seq: this.seq, epoch: this.epoch, at: this.now() };
    const pending: Load<V> = { promise: load(), seq: started.seq };
    this.loads.set(key, pending);
    pending.promise.then(
      (value) => {
        if (this.loads.get(key) === pending) this.loads.delete(key);
        if (this.keep(value) && this.unchangedSince(started, this.readFrom(key, value))) this.store(key, value, started.at);
      },
      () => {
        if (this.loads.get(key) === pending) this.loads.delete(key);
      },
    );
    return pending.promise;
  }

  /**
   * Treats a row ("topic:key") as changed now, as its notification will: for the writer itself, which
   * must not wait for the notification to read its own write.
   */
  invalidateRow(row: string): void {
    this.rowChanged(row);
  }

  /**
   * Keeps `update`'s value for `key` in place of the value it holds, after a write of the caller's own that
   * changed `row` ("topic:key") and returned the row as it committed: for the writer, which then reads its
   * write back without a round trip. Every other value read from the row is dropped, as invalidateRow drops
   * it, and so is a load of any of them still running. False, and the row dropped everywhere, when `key`
   * holds no value or `update` gives none.
   */
  replaceAfterWrite(key: string, row: string, update: (value: V) => V | undefined): boolean {
    const entry = this.entries.get(key);
    const value = entry && this.isFresh(entry) ? update(entry.value) : undefined;
    if (!entry || value === undefined) {
      this.rowChanged(row);
      return false;
    }
    this.rowChanged(row, undefined, key);
    entry.value = value;
    return true;
  }

  /** Forgets everything (the feed went down or came back, or a change to a whole topic). */
  clear(): void {
    this.invalidations += 1;
    this.seq += 1;
    this.epoch += 1;
    this.entries.clear();
    this.readers.clear();
    this.loads.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** A number that moves whenever anything this cache keeps may have changed (a change heard, a clear). */
  get version(): number {
    return this.seq;
  }

  /** Drops what was read from `row`, but a value read at `version` (the version the change made) and the entry `kept`. */
  private rowChanged(row: string, version?: string, kept?: string): void {
    this.invalidations += 1;
    this.seq += 1;
    const at = this.now();
    this.changed.delete(row);
    this.changed.set(row, { seq: this.seq, at });
    for (const [oldRow, change] of this.changed) {
      if (at - change.at < CHANGE_MEMORY_MS) break;
      this.changed.delete(oldRow);
    }
    const keys = this.readers.get(row);
    if (!keys) return;
    const { versionOf } = this.options;
    for (const key of [...keys]) {
      if (key === kept) continue;
      const entry = this.entries.get(key);
      if (version !== undefined && entry && versionOf?.(entry.value, row) === version) continue;
      this.remove(key);
    }
  }

  /** Whether none of `rows` changed since the load that read them started, and nothing was cleared. */
  private unchangedSince(started: { seq: number; epoch: number; at: number }, rows: readonly string[]): boolean {
    if (started.epoch !== this.epoch || this.now() - started.at >= CHANGE_MEMORY_MS) return false;
    return rows.every((row) => (this.changed.get(row)?.seq ?? 0) <= started.seq);
  }

  private isFresh(entry: Entry<V>): boolean {
    if (entry.epoch !== this.epoch) return false;
    return this.feed.live || this.now() - entry.loadedAt < COLD_FEED_MAX_AGE_MS;
  }

  private store(key: string, value: V, loadedAt: number): void {
    if (this.entries.has(key)) this.remove(key);
    const rows = this.readFrom(key, value);
    this.entries.set(key, { value, loadedAt, epoch: this.epoch, rows });
    for (const row of rows) {
      const keys = this.readers.get(row) ?? new Set<string>();
      keys.add(key);
      this.readers.set(row, keys);
    }
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const row of entry.rows) {
      const keys = this.readers.get(row);
      keys?.delete(key);
      if (keys?.size === 0) this.readers.delete(row);
    }
  }
}
