import { randomUUID } from 'node:crypto';
import { insertUser } from '@app/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { signIn, startTestApp, type TestApp } from './helpers';

/** GET /metrics (docs/architecture.md#running-it): off without METRICS_TOKEN, else only for its bearer. */
const TOKEN = 'metrics-token-for-tests-0123456789';
const onPostgres = Boolean(inject('testDatabaseUrl'));

/** One sample's value from Prometheus's text format: `name{labels} value`, labels as written. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is off: 404, whatever the bearer', async () => {
    const t = await startTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await t.app.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without the right bearer token', async () => {
    const refusals = [
      {},
      { authorization: 'Bearer wrong-token-of-some-length' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of refusals) {
      const response = await t.app.inject({ url: '/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(response.body).not.toContain('pesotasks_');
    }
  });

  it('answers the Prometheus text format to every scrape, with no cookie', async () => {
    for (let scrapes = 0; scrapes < 5; scrapes += 1) {
      const response = await t.app.inject({ url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // The change feed listens on a connection of its own, opened once the app has started (and reopened when
    // a heartbeat times out on a loaded machine): the gauge says 1 once it hears the notifications.
    await vi.waitFor(async () => expect(sample(await scrape(), 'pesotasks_change_feed_live')).toBe(1), { timeout: 10_000, interval: 100 });
    const text = await scrape();
    for (const kind of ['anonymous', 'member', 'admin']) expect(sample(text, 'pesotasks_sse_connections_open', `kind="${kind}"`)).toBe(0);
    expect(sample(text, 'pesotasks_db_pool_max_connections')).toBe(onPostgres ? 20 : 1);
    expect(sample(text, 'pesotasks_db_transactions_open')).toBe(0);
    expect(sample(text, 'pesotasks_db_statements_in_flight')).toBe(0);
  });

  it('times requests by route pattern, never by path', async () => {
    const id = randomUUID();
    await t.app.inject({ method: 'POST', url: `/api/tasks/${id}/start` });
    await t.app.inject(`/trpc/maintenance.status`);
    await t.app.inject(`/trpc/maintenance.status,auth.user?batch=1&input={}`);
    await t.app.inject(`/trpc/no.such.procedure${id}`);
    await t.app.inject(`/api/no/such/path/${id}`);
    const text = await scrape();
    expect(text).not.toContain(id);
    const count = (labels: string) => sample(text, 'pesotasks_http_request_duration_seconds_count', labels);
    expect(count('route="/api/tasks/:id/start",method="POST",status_class="4xx"')).toBe(1);
    expect(count('route="/trpc/maintenance.status",method="GET",status_class="2xx"')).toBe(1);
    expect(count('route="/trpc/(batch)",method="GET",status_class="2xx"')).toBe(1);
    expect(count('route="/trpc/:path",method="GET",status_class="4xx"')).toBe(1);
    expect(count('route="unmatched",method="GET",status_class="4xx"')).toBe(1);
    expect(count('route="/metrics",method="GET",status_class="2xx"')).toBeGreaterThan(0);
    expect(
      sample(
        text,
        'pesotasks_http_request_duration_seconds_bucket',
        'le="+Inf",route="/api/tasks/:id/start",method="POST",status_class="4xx"',
      ),
    ).toBe(1);
  });

  it('counts cache hits, misses and invalidations by cache', async () => {
    const cookie = await signIn(t.app, 'metrics-member@example.com');
    const before = await scrape();
    for (let reads = 0; reads < 2; reads += 1) {
      expect((await t.app.inject({ url: '/api/tasks', headers: { cookie } })).statusCode).toBe(200);
    }
    const after = await scrape();
    const hits = (text: string, cache: string) => sample(text, 'pesotasks_cache_hits_total', `cache="${cache}"`) ?? Number.NaN;
    expect(hits(after, 'tasks')).toBeGreaterThan(hits(before, 'tasks'));
    expect(hits(after, 'sessions')).toBeGreaterThan(hits(before, 'sessions'));
    for (const cache of ['sessions', 'settings', 'tasks', 'plans']) {
      for (const name of ['pesotasks_cache_misses_total', 'pesotasks_cache_invalidations_total', 'pesotasks_cache_entries']) {
        expect(sample(after, name, `cache="${cache}"`), `${name} ${cache}`).toBeGreaterThanOrEqual(0);
      }
    }
    expect(sample(after, 'pesotasks_cache_entries', 'cache="tasks"')).toBe(1);

    const invalidations = (text: string) => sample(text, 'pesotasks_cache_invalidations_total', 'cache="tasks"') ?? Number.NaN;
    await t.database.db.updateTable('tasks').set({ updatedAt: new Date() }).execute();
    // The write made outside a request reaches the caches before their next read.
    expect((await t.app.inject({ url: '/api/tasks', headers: { cookie } })).statusCode).toBe(200);
    expect(invalidations(await scrape())).toBeGreaterThan(invalidations(after));
  });

  it('carries the process’s own metrics: memory, CPU, event-loop lag, GC, open handles', async () => {
    const text = await scrape();
    expect(sample(text, 'pesotasks_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'pesotasks_process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'pesotasks_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'pesotasks_nodejs_active_handles_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE pesotasks_nodejs_gc_duration_seconds histogram');
    // Collected once per process: a second app's scrape has them too, each once.
    const other = await startTestApp({ METRICS_TOKEN: TOKEN });
    try {
      const response = await other.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.body.match(/^# TYPE pesotasks_process_resident_memory_bytes /gm)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('counts open /trpc/live.events streams by kind until they close', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const open = async (kind: string) => sample(await scrape(), 'pesotasks_sse_connections_open', `kind="${kind}"`);
    const within = async (kind: string, value: number) => {
      const deadline = performance.now() + 2_000;
      while ((await open(kind)) !== value && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return open(kind);
    };
    const member = await signIn(t.app, 'metrics-streamer@example.com');
    const controller = new AbortController();
    const readers = await Promise.all(
      [null, null, member].map(async (cookie) => {
        const response = await fetch(`http://127.0.0.1:${port}/trpc/live.events`, {
          headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
          signal: controller.signal,
        });
        expect(response.status).toBe(200);
        const reader = response.body!.getReader();
        // The stream's first bytes (tRPC's connected event) are out once the server has subscribed.
        await reader.read();
        return reader;
      }),
    );
    expect(await within('anonymous', 2)).toBe(2);
    expect(await within('member', 1)).toBe(1);
    expect(await open('admin')).toBe(0);
    controller.abort();
    await Promise.all(readers.map((reader) => reader.read().catch(() => undefined)));
    expect(await within('anonymous', 0)).toBe(0);
    expect(await within('member', 0)).toBe(0);
  });

  it.runIf(onPostgres)('tells how many of the pool’s connections are in use and idle', async () => {
    const connections = (text: string, state: string) => sample(text, 'pesotasks_db_pool_connections', `state="${state}"`);
    const quiet = await scrape();
    expect(connections(quiet, 'in_use')).toBe(0);
    expect(connections(quiet, 'idle')).toBeGreaterThanOrEqual(0);
    // A transaction holds its connection between statements: in use, though idle in PostgreSQL's words.
    await t.database.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      const busy = await scrape();
      expect(connections(busy, 'in_use')).toBe(1);
    });
    expect(connections(await scrape(), 'in_use')).toBe(0);
  });

  it('tells how many payouts are pending and the age of the oldest', async () => {
    const empty = await scrape();
    expect(sample(empty, 'pesotasks_payouts_pending')).toBe(0);
    expect(sample(empty, 'pesotasks_payouts_pending_oldest_age_seconds')).toBe(0);

    const { db } = t.database;
    const member = await insertUser(db, { email: 'metrics-payee@example.com', firstName: 'Pay', lastName: 'Ee' });
    const ago = (seconds: number) => new Date(t.clock.now.getTime() - seconds * 1000);
    const payout = { userId: member.id, paymentMethod: 'G-CASH', amount: 15_000, paymentDetails: '0917' };
    await db
      .insertInto('payouts')
      .values([
        { ...payout, createdAt: ago(3600) },
        { ...payout, createdAt: ago(60) },
        { ...payout, createdAt: ago(7200), status: 'approved' },
      ])
      .execute();
    const text = await scrape();
    expect(sample(text, 'pesotasks_payouts_pending')).toBe(2);
    expect(sample(text, 'pesotasks_payouts_pending_oldest_age_seconds')).toBe(3600);
  });

  it('counts open transactions and statements in flight, also after failures', async () => {
    const { db, stats } = t.database;
    await db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      expect(stats().transactions).toBe(1);
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`SELECT 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow();
    await expect(sql`SELECT 1 / 0`.execute(db)).rejects.toThrow();
    expect(stats()).toMatchObject({ inFlight: 0, transactions: 0 });
  });

  it.runIf(onPostgres)('shows a statement in flight while it runs (PostgreSQL)', async () => {
    const sleeping = sql`SELECT pg_sleep(0.5)`.execute(t.database.db);
    await expect.poll(() => t.database.stats().inFlight).toBe(1);
    expect(sample(await scrape(), 'pesotasks_db_statements_in_flight')).toBe(1);
    await sleeping;
  });
});
