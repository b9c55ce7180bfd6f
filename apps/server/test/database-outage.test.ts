import { createServer, type Server, Socket } from 'node:net';
import { messages } from '@app/contracts';
import { checkBooks, createDb, type DbHandle } from '@app/db';
import { newGcashDetails } from '@app/testkit/fixtures';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { signIn, signInUnlockedAdmin, startTestApp, type TestApp } from './helpers';
import { imageOf, photoUpload } from './photo-fixtures';

/**
 * A TCP proxy in front of the database that can be cut: every open connection destroyed and the port
 * closed, so new connections are refused as they are when PostgreSQL is down.
 */
class CuttableProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;

  constructor(
    private readonly target: { host: string; port: number },
    public port = 0,
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new Socket();
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      upstream.connect(this.target.port, this.target.host, () => {
        client.pipe(upstream);
        upstream.pipe(client);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

/** How long a call may take to be refused while the database is away (postgres.js would wait 30 s). */
const QUICK_MS = 3000;

// On PGlite the database lives inside the server process and cannot go away: this needs a PostgreSQL
// server (TEST_DATABASE_URL) that the app reaches through a proxy the test can cut.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the database going away', () => {
  let t: TestApp;
  let proxy: CuttableProxy;
  let proxied: DbHandle;
  let app: FastifyInstance;
  let taskIds: string[];
  let adminCookie: string;

  beforeAll(async () => {
    t = await startTestApp({ TASK_VIEW_SECONDS: '1' });
    const direct = new URL(t.database.databaseUrl ?? '');
    proxy = new CuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    proxied = await createDb({ databaseUrl: viaProxy.toString(), maxConnections: 5 });
    ({ app } = await buildApp({
      config: t.config,
      db: proxied.db,
      changes: await proxied.changes(),
      now: () => t.clock.now,
      logger: false,
    }));
    await app.ready();
    adminCookie = await signInUnlockedAdmin(t);
    const tasks = await t.database.db
      .insertInto('tasks')
      .values(['a', 'b', 'c', 'd', 'e'].map((name) => ({ title: `Task ${name}`, url: `https://example.com/${name}`, reward: 120 })))
      .returning('id')
      .execute();
    taskIds = tasks.map((task) => task.id);
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    await proxy?.cut();
    await t?.close();
  });

  let people = 0;
  /** A member signed in through the proxied app, funded by an admin on the directly connected one. */
  async function member(pesos?: string) {
    const email = `outage${++people}@example.com`;
    const cookie = await signIn(app, email);
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    if (pesos) {
      const funded = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${user.id}/balance`,
        headers: { cookie: adminCookie },
        payload: { newBalance: pesos, expectedBalance: 0, reason: 'Opening balance' },
      });
      expect(funded.statusCode).toBe(200);
    }
    return { cookie, userId: user.id };
  }

  // Reads of the ledger, which no cache holds: the signed-in user and the task list may still be answered
  // from this instance's memory for a few seconds (docs/architecture.md#caches).
  const restLedger = (cookie: string) => app.inject({ url: '/api/transactions', headers: { cookie } });
  const trpcBatch = (cookie: string) => app.inject({ url: '/trpc/transactions.list,payouts.list?batch=1&input={}', headers: { cookie } });
  const readiness = () => app.inject('/readyz');
  const devLogin = () => app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: 'newcomer@example.com' } });
  const upload = (cookie: string) =>
    app.inject({
      method: 'POST',
      url: '/api/profile/upload-photo',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="profilePhoto"; filename="a.png"\r\n\r\n\r\n--x--\r\n',
    });
  const requestPayout = (cookie: string, amount: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payouts',
      headers: { cookie },
      payload: { paymentMethod: 'G-CASH', amount, paymentDetails: newGcashDetails() },
    });
  const complete = (cookie: string, taskId: string) => app.inject({ url: `/api/tasks/${taskId}/redirect-complete`, headers: { cookie } });

  async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
    const started = performance.now();
    const result = await call();
    return { result, ms: performance.now() - started };
  }

  it('answers 503 with the message while it is away and serves again, unrestarted, when it is back', async () => {
    const { cookie } = await member();
    expect((await restLedger(cookie)).statusCode).toBe(200);
    expect((await trpcBatch(cookie)).statusCode).toBe(200);
    expect((await readiness()).statusCode).toBe(200);
    // A photo kept in the database (docs/architecture.md#uploads), served while it is there.
    const stored = await app.inject(photoUpload(cookie, await imageOf('png')));
    expect(stored.statusCode).toBe(200);
    const photo = () => app.inject(stored.json().profileImageUrl);
    expect((await photo()).statusCode).toBe(200);

    await proxy.cut();

    for (const call of [() => restLedger(cookie), devLogin, () => upload(cookie), photo]) {
      const { result, ms } = await timed(call);
      expect(result.statusCode).toBe(503);
      expect(result.json()).toEqual({ message: messages.common.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
      expect(Number(result.headers['retry-after'])).toBeGreaterThan(0);
      expect(ms).toBeLessThan(QUICK_MS);
    }
    const batch = await timed(() => trpcBatch(cookie));
    expect(batch.result.statusCode).toBe(503);
    expect(batch.result.headers['retry-after']).toBeDefined();
    for (const answer of batch.result.json()) {
      expect(answer.error).toMatchObject({
        message: messages.common.serviceUnavailable,
        data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
      });
    }
    expect(batch.ms).toBeLessThan(QUICK_MS);
    const ready = await timed(readiness);
    expect(ready.result.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(QUICK_MS);

    await proxy.open();
    const back = performance.now();
    while ((await readiness()).statusCode !== 200) {
      expect(performance.now() - back).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.info(`database outage: ready again ${Math.round(performance.now() - back)} ms after the database returned`);
    expect((await restLedger(cookie)).statusCode).toBe(200);
    expect((await trpcBatch(cookie)).statusCode).toBe(200);
    expect((await devLogin()).statusCode).toBe(200);
    expect((await photo()).statusCode).toBe(200);
  });

  it('leaves no partial money write when it goes away in the middle of a burst of money calls', async () => {
    t.clock.now = new Date();
    const members = await Promise.all([1, 2, 3, 4].map(() => member('10000')));
    for (const { cookie } of members) {
      for (const taskId of taskIds)
        expect((await app.inject({ method: 'POST', url: `/api/tasks/${taskId}/start`, headers: { cookie } })).statusCode).toBe(200);
    }
    t.clock.now = new Date(t.clock.now.getTime() + 5000);

    // Each payout has an amount of its own, so the database says which calls it kept.
    let cents = 15_000;
    const calls = members.flatMap(({ cookie, userId }) => [
      ...Array.from({ length: 8 }, () => {
        const amount = (++cents / 100).toFixed(2);
        return { kind: 'payout' as const, userId, key: amount, call: () => requestPayout(cookie, amount) };
      }),
      ...taskIds.map((taskId) => ({ kind: 'completion' as const, userId, key: taskId, call: () => complete(cookie, taskId) })),
    ]);
    let answered = 0;
    const cutAfter = 6;
    let cutting: Promise<void> | undefined;
    const answers = await Promise.all(
      calls.map(async (entry) => {
        const response = await entry.call();
        if (++answered === cutAfter) cutting = proxy.cut();
        return { ...entry, status: response.statusCode, body: response.json() };
      }),
    );
    await cutting;
    await proxy.open();

    const statuses = answers.map((answer) => answer.status);
    console.info(
      `database outage burst: ${answers.length} money calls, ${statuses.filter((s) => s === 200).length} answered 200, ${statuses.filter((s) => s === 503).length} answered 503`,
    );
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);

    // No partial write: the books balance. Every call answered 200 is stored. A call answered 503 is
    // stored whole or not at all: when the connection dies after PostgreSQL committed but before the
    // answer came back, the commit stands although the client heard 503 (only idempotency keys would
    // let the client tell).
    const db = t.database.db;
    expect((await checkBooks(db)).problems).toEqual([]);
    for (const { userId } of members) {
      const mine = answers.filter((answer) => answer.userId === userId);
      const keysOf = (kind: 'payout' | 'completion', accepted: (answer: (typeof mine)[number]) => boolean) =>
        mine.filter((answer) => answer.kind === kind && accepted(answer)).map((answer) => answer.key);
      const unknownOutcome = (answer: (typeof mine)[number]) => answer.status === 503;

      const payouts = await db.selectFrom('payouts').select('amount').where('userId', '=', userId).execute();
      const storedPayouts = payouts.map((payout) => (Number(payout.amount) / 100).toFixed(2));
      expect(storedPayouts).toEqual(expect.arrayContaining(keysOf('payout', (answer) => answer.status === 200)));
      expect(keysOf('payout', (answer) => answer.status === 200 || unknownOutcome(answer))).toEqual(expect.arrayContaining(storedPayouts));

      const credited = await db
        .selectFrom('transactions as t')
        .innerJoin('taskViews as v', 'v.id', 't.taskViewId')
        .select('v.taskId')
        .where('t.userId', '=', userId)
        .where('t.type', '=', 'earning')
        .execute();
      const creditedTasks = credited.map((row) => row.taskId);
      const acceptedCompletion = (answer: (typeof mine)[number]) => answer.status === 200 && answer.body.success === true;
      expect(creditedTasks).toEqual(expect.arrayContaining(keysOf('completion', acceptedCompletion)));
      expect(keysOf('completion', (answer) => acceptedCompletion(answer) || unknownOutcome(answer))).toEqual(
        expect.arrayContaining(creditedTasks),
      );
      expect(new Set(creditedTasks).size).toBe(creditedTasks.length);
    }
  });
});
