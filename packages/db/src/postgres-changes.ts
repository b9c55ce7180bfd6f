import postgres from 'postgres';
import { CHANGES_CHANNEL, type ChangeFeed } from './changes';
import { FeedCore, withCatchUp } from './feed-core';

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
