import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { WRONG_PASSWORD_LIMITS } from '@app/contracts';
import { checkBooks, postToLedger } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, NO_POSTGRES, signIn, signInUnlockedAdmin, testDatabaseUrl, twoInstancesOfFile } from '../support';

const REDIS = { host: '127.0.0.1', port: 6379 };
const REDIS_URL = `redis://${REDIS.host}:${REDIS.port}`;

/** One Redis command over RESP; the raw reply. Enough to look at and remove this run's keys. */
function redis(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(REDIS.port, REDIS.host);
    let reply = '';
    socket.setTimeout(1000, () => socket.destroy(new Error('Redis did not answer')));
    socket.once('error', reject);
    socket.on('data', (chunk) => {
      reply += chunk;
      socket.end();
    });
    socket.once('close', () => resolve(reply));
    socket.write(`*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`);
  });
}

const redisAnswers = await redis('PING').then(
  (reply) => reply.startsWith('+PONG'),
  () => false,
);

describe.skipIf(!testDatabaseUrl)(`two instances on one PostgreSQL database (${NO_POSTGRES})`, () => {
  // Unique to this run: parallel and earlier runs never share counters.
  const prefix = `system-test:${randomUUID()}:`;
  const { database, a, b } = twoInstancesOfFile(redisAnswers ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {});

  afterAll(async () => {
    if (redisAnswers)
      await redis('EVAL', "for _, key in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', key) end", '0', `${prefix}*`);
  });

  it('accepts on one instance the session made on the other', async () => {
    const cookie = await signIn(a.baseUrl, 'roams@example.com');
    const onA = await call(a.baseUrl, cookie, 'GET', '/api/auth/user');
    const onB = await call(b.baseUrl, cookie, 'GET', '/api/auth/user');
    expect(onB.status).toBe(200);
    expect(onB.body.id).toBe(onA.body.id);
    // Signing out on one instance and being refused on the other within 1 s: the caches' tests below.
  });

  /** A new task of `reward` centavos, and the view of it `cookie`'s member started on A, once it has lasted its time. */
  async function viewOnA(cookie: string, title: string, reward: number) {
    const task = await database.db.db
      .insertInto('tasks')
      .values({ title, url: `https://example.com/${title.toLowerCase().replaceAll(' ', '-')}`, reward })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call(a.baseUrl, cookie, 'POST', `/api/tasks/${task.id}/start`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    return task;
  }

  it('credits once a view completed 50 times at once across both instances', async () => {
    const db = database.db.db;
    const cookie = await signIn(b.baseUrl, 'twice@example.com');
    const member = { cookie, id: (await call(a.baseUrl, cookie, 'GET', '/api/auth/user')).body.id as string };
    const task = await viewOnA(member.cookie, 'Shared', 120);

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(i % 2 ? b.baseUrl : a.baseUrl, member.cookie, 'GET', `/api/tasks/${task.id}/redirect-complete`),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
    const earnings = await db
      .selectFrom('transactions')
      .select('amount')
      .where('userId', '=', member.id)
      .where('type', '=', 'earning')
      .execute();
    expect(earnings).toEqual([{ amount: 120 }]);
    expect((await call(b.baseUrl, member.cookie, 'GET', '/api/auth/user')).body.availableBalance).toBe('1.20');
    expect((await checkBooks(db)).problems).toEqual([]);
  });

  /** What `call` answers. */
  type Answer = Awaited<ReturnType<typeof call>>;

  describe('caches: a change made on one instance is obeyed by the other within 1 s', () => {
    const WITHIN_MS = 1_000;
    let adminCookie: string;

    beforeAll(async () => {
      adminCookie = await signInUnlockedAdmin(a.baseUrl);
    });

    /** Polls `read` on instance B until `obeys` holds, failing after `withinMs`; how long it took. */
    async function obeyedWithin(read: () => Promise<Answer>, obeys: (answer: Answer) => boolean, withinMs = WITHIN_MS) {
      const started = performance.now();
      let last: Answer | undefined;
      while (performance.now() - started < withinMs) {
        last = await read();
        if (obeys(last)) return performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`instance B did not obey within ${withinMs} ms; it last answered ${JSON.stringify(last)}`);
    }

    /** A change the admin makes on instance A, which A accepts; A's answer. */
    async function adminChangesOnA(method: string, url: string, body: unknown): Promise<Answer> {
      const answer = await call(a.baseUrl, adminCookie, method, url, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer;
    }

    it('refuses on B a session signed out on A, and the session of a member banned on A', async () => {
      const cookie = await signIn(a.baseUrl, 'leaves@example.com');
      expect((await call(b.baseUrl, cookie, 'GET', '/api/auth/user')).status).toBe(200);
      expect((await fetch(`${a.baseUrl}/api/logout`, { headers: { cookie }, redirect: 'manual' })).status).toBe(302);
      await obeyedWithin(
        () => call(b.baseUrl, cookie, 'GET', '/api/auth/user'),
        (answer) => answer.status === 401,
      );

      const banned = await signIn(a.baseUrl, 'banned@example.com');
      const { body: user } = await call(b.baseUrl, banned, 'GET', '/api/auth/user');
      expect((await call(b.baseUrl, banned, 'GET', '/api/tasks')).status).toBe(200);
      await adminChangesOnA('POST', `/api/admin/users/${user.id}/status`, { status: 'banned', reason: 'Fraud' });
      await obeyedWithin(
        () => call(b.baseUrl, banned, 'GET', '/api/tasks'),
        (answer) => answer.status === 401,
      );
    });

    it('closes and opens the site on B when maintenance is switched on A', async () => {
      const member = await signIn(b.baseUrl, 'waits@example.com');
      expect((await call(b.baseUrl, member, 'GET', '/api/tasks')).status).toBe(200);
      await adminChangesOnA('POST', '/api/admin/maintenance', { maintenance: true, message: 'Back at noon', reason: 'Upgrade' });
      await obeyedWithin(
        () => call(b.baseUrl, member, 'GET', '/api/tasks'),
        (answer) => answer.status === 503 && answer.body.message === 'Back at noon',
      );
      await adminChangesOnA('POST', '/api/admin/maintenance', { maintenance: false, reason: 'Done' });
      await obeyedWithin(
        () => call(b.baseUrl, member, 'GET', '/api/tasks'),
        (answer) => answer.status === 200,
      );
    });

    it('shows on B a task edited on A, and no longer a task deactivated on A', async () => {
      const member = await signIn(b.baseUrl, 'views@example.com');
      const created = await adminChangesOnA('POST', '/api/admin/tasks', {
        title: 'Partner page',
        url: 'https://example.com/partner',
        reward: '1.00',
      });
      const titles = (answer: { body: { id: string; title: string }[] }) => answer.body.map((task) => task.title);
      await obeyedWithin(
        () => call(b.baseUrl, member, 'GET', '/api/tasks'),
        (answer) => titles(answer).includes('Partner page'),
      );
      await adminChangesOnA('PUT', `/api/admin/tasks/${created.body.id}`, { title: 'Partner page, new' });
      await obeyedWithin(
        () => call(b.baseUrl, member, 'GET', '/api/tasks'),
        (answer) => titles(answer).includes('Partner page, new'),
      );
      await adminChangesOnA('PUT', `/api/admin/tasks/${created.body.id}`, { isActive: false });
      await obeyedWithin(
        () => call(b.baseUrl, member, 'GET', '/api/tasks'),
        (answer) => answer.status === 200 && !titles(answer).some((title) => title.startsWith('Partner page')),
      );
    });

    it("shows on B a member's balance as an earning on A moved it, and as a script moved it", async () => {
      const db = database.db.db;
      const member = await signIn(a.baseUrl, 'shown@example.com');
      const balance = (answer: Answer) => (answer.body as { availableBalance: string }).availableBalance;
      // Read on B first, so that B keeps the member's session and row (docs/architecture.md#caches).
      const onB = await call(b.baseUrl, member, 'GET', '/api/auth/user');
      expect(balance(onB)).toBe('0.00');
      const task = await viewOnA(member, 'Balance shown', 150);
      expect((await call(a.baseUrl, member, 'GET', `/api/tasks/${task.id}/redirect-complete`)).body.success).toBe(true);
      // A keeps the row its credit returned (its notification names that version): the member sees it at once.
      expect(balance(await call(a.baseUrl, member, 'GET', '/api/auth/user'))).toBe('1.50');
      await obeyedWithin(
        () => call(b.baseUrl, member, 'GET', '/api/auth/user'),
        (answer) => balance(answer) === '1.50',
      );
      // A script's money change is queued like the instances' own, and sent by whichever instance sweeps
      // the queue first: within its second.
      await db.transaction().execute((trx) =>
        postToLedger(trx, {
          userId: onB.body.id as string,
          type: 'admin_adjustment',
          amount: 1_000,
          description: 'Correction',
          createdAt: new Date(),
        }),
      );
      // On both: A's kept row is of an older version than the script's change names.
      for (const instance of [b, a]) {
        await obeyedWithin(
          () => call(instance.baseUrl, member, 'GET', '/api/auth/user'),
          (answer) => balance(answer) === '11.50',
          2 * WITHIN_MS,
        );
      }
    });

    it('counts and shows on B the payout queue as it moved on A', async () => {
      const member = await signIn(a.baseUrl, 'pays@example.com');
      const memberId = (await call(a.baseUrl, member, 'GET', '/api/auth/user')).body.id as string;
      await database.db.db.transaction().execute((trx) =>
        postToLedger(trx, {
          userId: memberId,
          type: 'admin_adjustment',
          amount: 50_000,
          description: 'Opening balance',
          createdAt: new Date(),
        }),
      );
      const queue = '/api/admin/pending-payouts?page=1&pageSize=50';
      const total = (answer: Answer) => (answer.body as { total: number }).total;
      const shows = (answer: Answer, id: string) => (answer.body as { items: { id: string }[] }).items.some((item) => item.id === id);
      // Read on B first, so that B keeps the queue's page and length (docs/architecture.md#caches).
      const before = total(await call(b.baseUrl, adminCookie, 'GET', queue));
      const asked = await call(a.baseUrl, member, 'POST', '/api/payouts', {
        paymentMethod: 'G-CASH',
        amount: '200',
        paymentDetails: '09170000002 Juan Dela Cruz',
      });
      expect(asked.status).toBe(200);
      await obeyedWithin(
        () => call(b.baseUrl, adminCookie, 'GET', queue),
        (answer) => total(answer) === before + 1 && shows(answer, asked.body.id),
      );
      await adminChangesOnA('POST', `/api/admin/payout/${asked.body.id}/status`, { status: 'declined', reason: 'Wrong number' });
      await obeyedWithin(
        () => call(b.baseUrl, adminCookie, 'GET', queue),
        (answer) => total(answer) === before && !shows(answer, asked.body.id),
      );
    });

    it('shows on B the user list, the ledger and the activity log as an admin changed them on A', async () => {
      const member = await signIn(a.baseUrl, 'edited@example.com');
      const memberId = (await call(a.baseUrl, member, 'GET', '/api/auth/user')).body.id as string;
      const users = '/api/admin/users?page=1&pageSize=50';
      const ledger = '/api/admin/transactions?page=1&pageSize=50';
      const logs = '/api/admin/logs?page=1&pageSize=50';
      type Items = { items: Record<string, unknown>[] };
      const row = (answer: Answer, key: string, value: string) => (answer.body as Items).items.find((item) => item[key] === value);
      // Read on B first, so that B keeps the three pages (docs/architecture.md#caches).
      expect(row(await call(b.baseUrl, adminCookie, 'GET', users), 'id', memberId)?.availableBalance).toBe('0.00');
      await call(b.baseUrl, adminCookie, 'GET', ledger);
      await call(b.baseUrl, adminCookie, 'GET', logs);

      await adminChangesOnA('PUT', `/api/admin/users/${memberId}/balance`, {
        newBalance: '75.50',
        expectedBalance: '0',
        reason: 'Refund of a failed payout',
      });
      await obeyedWithin(
        () => call(b.baseUrl, adminCookie, 'GET', users),
        (answer) => row(answer, 'id', memberId)?.availableBalance === '75.50',
      );
      await obeyedWithin(
        () => call(b.baseUrl, adminCookie, 'GET', ledger),
        (answer) => row(answer, 'userId', memberId)?.amount === '75.50',
      );
      await obeyedWithin(
        () => call(b.baseUrl, adminCookie, 'GET', logs),
        (answer) => row(answer, 'targetId', memberId)?.action === 'update_balance',
      );
    });

    it('prices a plan on B as it was changed on A', async () => {
      const member = await signIn(b.baseUrl, 'buys@example.com');
      const price = (answer: { body: { id: string; price: string }[] }) => answer.body.find((plan) => plan.id === 'VIP300')?.price;
      expect(price(await call(b.baseUrl, member, 'GET', '/api/vip/plans'))).toBe('300.00');
      await adminChangesOnA('POST', '/api/admin/quick-update-plan/VIP300', { price: '350' });
      await obeyedWithin(
        () => call(b.baseUrl, member, 'GET', '/api/vip/plans'),
        (answer) => price(answer) === '350.00',
      );
    });
  });

  it(`shares the commission login limit between the instances${redisAnswers ? ', counted in Redis' : ` (counted in PostgreSQL: nothing answers at ${REDIS_URL})`}`, async () => {
    // The wrong password that uses up the operator's allowance is itself answered 429, as is every later one.
    const { max } = WRONG_PASSWORD_LIMITS.commissionLogin;
    const statuses: number[] = [];
    for (let i = 0; i < max + 1; i++) {
      const server = i % 2 ? b : a;
      statuses.push(
        (await call(server.baseUrl, '', 'POST', '/api/admin/percentage/login', { username: 'operator', password: `wrong-${i}` })).status,
      );
    }
    expect(statuses.slice(0, max - 1)).toEqual(Array(max - 1).fill(401));
    expect(statuses.slice(max - 1)).toEqual([429, 429]);
    if (redisAnswers) expect(await redis('KEYS', `${prefix}*`)).not.toBe('*0\r\n');
  });
});
