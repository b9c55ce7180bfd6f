import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

/**
 * The one PostgreSQL notification channel every instance listens on (docs/architecture.md#caches).
 * Triggers (migration 0010) send on it in the transaction that changes a row, so a change and its
 * notification commit together, and PostgreSQL delivers notifications in commit order.
 */
const CHANGES_CHANNEL = 'app_changes';

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
const SYNC_PREFIX = 'sync:';

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

type ChangeListener = (change: Change) => void;
/** `live` false: notifications may have been missed from now on; true: listening again (and some may have been missed). */
type FeedStatusListener = (live: boolean) => void;

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

/** markBehind and catchUp over a feed's own sync: concurrent readers share one sync. */
function withCatchUp(feed: Omit<ChangeFeed, 'markBehind' | 'catchUp'>): ChangeFeed {
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
class FeedCore {
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

/**
 * PGlite runs in this process: it delivers a transaction's notifications as it commits, and nothing can
 * drop them, so the feed is live from the start.
 */
export async function pgliteChangeFeed(pg: PGlite): Promise<ChangeFeed> {
  const core = new FeedCore();
  const unlisten = await pg.listen(CHANGES_CHANNEL, (payload) => core.deliver(payload));
  core.setLive(true);
  return {
    get live() {
      return core.live;
    },
    subscribe: (listener) => core.subscribe(listener),
    onStatus: (listener) => core.onStatus(listener),
    // Each statement's notifications are delivered before its promise settles: whatever committed before
    // a call has reached the listeners already.
    sync: async () => true,
    markBehind: () => {},
    catchUp: () => undefined,
    // PGlite's connection does not queue money changes: they are notified as they commit.
    sendQueuedSoon: () => {},
    async close() {
      core.setLive(false);
      await unlisten().catch(() => undefined);
    },
  };
}

/** How long queued changes wait after a request wrote them: the writes of that moment go out together. */
const QUEUED_SEND_DELAY_MS = 10;
/** How often each instance sends whatever is queued: changes of a script, or of an instance that stopped before sending. */
const QUEUED_SWEEP_MS = 1_000;

/**
 * Sends the queued money changes (migration 0019) of every session, all of them in one notifying
 * transaction: soon after this instance's own requests wrote some, at once before a sync, and every
 * second in case anyone else left some. Sends never overlap: one asked for while another runs starts when
 * it ends (rows committed after the running one looked are not in it), and callers meanwhile share it.
 */
function queuedChangesSender(send: () => Promise<unknown>) {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const start = (): Promise<void> => {
    const sending = send().then(() => undefined);
    running = sending;
    const settled = () => {
      if (running === sending) running = undefined;
    };
    // Both ways, so that a failed send is not also an unhandled rejection here (the caller has it).
    sending.then(settled, settled);
    return sending;
  };
  const now = (): Promise<void> => {
    if (next) return next;
    if (!running) return start();
    next = running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
  // A failed send leaves the rows queued for the next one.
  const quietly = () => void now().catch(() => undefined);
  const sweep = setInterval(quietly, QUEUED_SWEEP_MS);
  sweep.unref();
  return {
    now,
    soon() {
      timer ??= setTimeout(() => {
        timer = undefined;
        quietly();
      }, QUEUED_SEND_DELAY_MS);
    },
    stop() {
      clearInterval(sweep);
      clearTimeout(timer);
    },
  };
}

/** The listening connection's name in pg_stat_activity. */
export const CHANGES_APPLICATION_NAME = 'pesotasks-changes';

export interface PostgresFeedOptions {
  /** How often the listening connection proves it is alive (a silently dead socket fires no close). */
  heartbeatMs?: number;
  /** How long a heartbeat or a sync may take before the connection counts as lost. */
  timeoutMs?: number;
  /** How long to wait between attempts to listen again. */
  retryMs?: number;
}

function withTimeout<T>(pending: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
}

/**
 * PostgreSQL: one connection of its own that LISTENs. postgres.js's own `listen` gives up for good when a
 * reconnect fails and never says that it lost the connection, so this connection is managed here: it is
 * opened with LISTEN, checked by a heartbeat, and on any failure closed, reported down and opened again.
 * `sync` sends through `pool` (the application's pool), so it also waits for every change committed
 * through it.
 */
export function postgresChangeFeed(url: string, pool: postgres.Sql, options: PostgresFeedOptions = {}): ChangeFeed {
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 2_000;
  const retryMs = options.retryMs ?? 500;
  const core = new FeedCore();
  const queued = queuedChangesSender(
    () =>
      pool`WITH taken AS (DELETE FROM queued_changes RETURNING payload)
        SELECT pg_notify(${CHANGES_CHANNEL}, payload) FROM (SELECT DISTINCT payload FROM taken) AS changes`,
  );
  let client: postgres.Sql | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (run: () => void, ms: number) => {
    clearTimeout(timer);
    if (!closed) timer = setTimeout(run, ms);
  };

  const drop = (current: postgres.Sql) => {
    if (client !== current) return;
    client = undefined;
    core.setLive(false);
    void current.end({ timeout: 0 }).catch(() => undefined);
    schedule(connect, retryMs);
  };

  const heartbeat = (current: postgres.Sql) => {
    withTimeout(current`SELECT 1`, timeoutMs).then(
      () => schedule(() => heartbeat(current), heartbeatMs),
      () => drop(current),
    );
  };

  async function connect(): Promise<void> {
    if (closed) return;
    // `onnotify` is postgres.js's own hook for notifications (what its `listen` uses); its types omit it.
    const notifications = {
      onnotify: (channel: string, payload: string) => {
        if (channel === CHANGES_CHANNEL) core.deliver(payload);
      },
    } as postgres.Options<Record<string, never>>;
    const current: postgres.Sql = postgres(url, {
      ...notifications,
      max: 1,
      idle_timeout: 0,
      max_lifetime: null,
      fetch_types: false,
      connect_timeout: Math.ceil(timeoutMs / 1000),
      connection: { application_name: CHANGES_APPLICATION_NAME },
      onnotice: () => {},
      onclose: () => drop(current),
    });
    client = current;
    try {
      await withTimeout(current.unsafe(`LISTEN ${CHANGES_CHANNEL}`), timeoutMs);
    } catch {
      drop(current);
      return;
    }
    if (client !== current) return;
    core.setLive(true);
    schedule(() => heartbeat(current), heartbeatMs);
  }

  void connect();

  return withCatchUp({
    get live() {
      return core.live;
    },
    subscribe: (listener) => core.subscribe(listener),
    onStatus: (listener) => core.onStatus(listener),
    async sync() {
      // Down, nothing can confirm that this instance heard a change just made: what it cached goes cold,
      // so the next read is a fresh one, not a value up to COLD_FEED_MAX_AGE_MS old.
      if (!core.live) {
        core.announce();
        return false;
      }
      const { payload, arrived, forget } = core.expectSync();
      try {
        // Queued changes committed before the call go out first, so they too arrive before the sync's own.
        await withTimeout(
          queued
            .now()
            .then(() => pool`SELECT pg_notify(${CHANGES_CHANNEL}, ${payload})`)
            .then(() => arrived),
          timeoutMs,
        );
        return true;
      } catch {
        forget();
        if (client) drop(client);
        else core.announce();
        return false;
      }
    },
    sendQueuedSoon: () => queued.soon(),
    async close() {
      closed = true;
      clearTimeout(timer);
      queued.stop();
      core.setLive(false);
      const current = client;
      client = undefined;
      await current?.end({ timeout: 0 }).catch(() => undefined);
    },
  });
}
