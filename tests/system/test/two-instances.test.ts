import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { WRONG_PASSWORD_LIMITS } from '@app/contracts';
import { checkBooks } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDatabase, NO_POSTGRES, type ServerProcess, signIn, startServer, testDatabaseUrl } from '../support';

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
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await createDatabase();
    const env = { DATABASE_URL: database.url, ...(redisAnswers ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}) };
    // One after the other: the first migrates the empty database.
    a = await startServer(env);
    b = await startServer(env);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    if (redisAnswers)
      await redis('EVAL', "for _, key in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', key) end", '0', `${prefix}*`);
  });

  it('accepts on one instance the session made on the other', async () => {
    const cookie = await signIn(a.baseUrl, 'roams@example.com');
    const onA = await call(a.baseUrl, cookie, 'GET', '/api/auth/user');
    const onB = await call(b.baseUrl, cookie, 'GET', '/api/auth/user');
    expect(onB.status).toBe(200);
    expect(onB.body.id).toBe(onA.body.id);
    const signedOut = await fetch(`${b.baseUrl}/api/logout`, { headers: { cookie }, redirect: 'manual' });
    expect(signedOut.status).toBe(302);
    expect((await call(a.baseUrl, cookie, 'GET', '/api/auth/user')).status).toBe(401);
  });

  it('credits once a view completed 50 times at once across both instances', async () => {
    const db = database.db.db;
    const task = await db
      .insertInto('tasks')
      .values({ title: 'Shared', url: 'https://example.com/shared', reward: 120 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cookie = await signIn(b.baseUrl, 'twice@example.com');
    const member = { cookie, id: (await call(a.baseUrl, cookie, 'GET', '/api/auth/user')).body.id as string };
    expect((await call(a.baseUrl, member.cookie, 'POST', `/api/tasks/${task.id}/start`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));

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
