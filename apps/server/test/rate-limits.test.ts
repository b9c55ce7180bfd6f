import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { messages, RATE_LIMITS, type RateLimitName } from '@app/contracts';
import { postToLedger } from '@app/db';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClientAddress, ownedRows, signIn, startTestApp, type TestApp, testAppOfFile } from './helpers';

const TOO_MANY = { message: messages.common.tooManyRequests, code: 'TOO_MANY_REQUESTS' };

/** Who a limit counts: a signed-in member (by user; funded: with money to pay out), or a client address. */
type Subject = 'member' | 'funded member' | 'address';

interface LimitedCall {
  limit: RateLimitName;
  subject: Subject;
  /** As over REST: a GET is a query, its input named in the url; a POST a mutation, its input the body. */
  rest: { method: 'GET' | 'POST'; url: string };
  procedure: string;
  input: object;
  /** What the calls under the limit answer through REST. */
  restStatusUnderLimit: number;
}

const VALID_PAYOUT = { paymentMethod: 'PayPal', amount: '200', paymentDetails: 'maria@example.com' };

let guesses = 0;
const guessWithNewUsername = () => ({ username: `guesser-${++guesses}`, password: 'wrong' });

const LIMITED_CALLS: LimitedCall[] = [
  {
    limit: 'signIn',
    subject: 'address',
    rest: { method: 'POST', url: '/api/dev/login' },
    procedure: 'auth.devLogin',
    input: { email: 'someone@example.com' },
    restStatusUnderLimit: 200,
  },
  {
    limit: 'commissionLogin',
    subject: 'address',
    // A new username each time: wrong passwords also lock a username out (wrong-passwords.test.ts), which
    // would refuse these guesses before the per-address limit this file is about.
    rest: { method: 'POST', url: '/api/admin/percentage/login' },
    procedure: 'commission.login',
    get input() {
      return guessWithNewUsername();
    },
    restStatusUnderLimit: 401,
  },
  {
    limit: 'photoUpload',
    subject: 'member',
    // Not multipart: refused with 400, and counted all the same.
    rest: { method: 'POST', url: '/api/profile/upload-photo' },
    procedure: 'profile.uploadPhoto',
    input: {},
    restStatusUnderLimit: 400,
  },
  {
    limit: 'supportMessage',
    subject: 'member',
    rest: { method: 'POST', url: '/api/support/messages' },
    procedure: 'support.send',
    input: { message: 'Hello there' },
    restStatusUnderLimit: 200,
  },
  {
    limit: 'payoutRequest',
    // Only accepted requests count toward this limit: the member has the money for every one.
    subject: 'funded member',
    rest: { method: 'POST', url: '/api/payouts' },
    procedure: 'payouts.request',
    input: VALID_PAYOUT,
    restStatusUnderLimit: 200,
  },
  {
    limit: 'referralLookup',
    subject: 'address',
    rest: { method: 'GET', url: '/api/users/by-referral-code/NOSUCHCODE' },
    procedure: 'referrals.inviter',
    input: { code: 'NOSUCHCODE' },
    restStatusUnderLimit: 404,
  },
  {
    limit: 'deviceTraits',
    subject: 'member',
    rest: { method: 'POST', url: '/api/auth/device' },
    procedure: 'auth.device',
    input: { traits: 'c'.repeat(64) },
    restStatusUnderLimit: 200,
  },
];

type Way = 'REST' | 'tRPC' | 'tRPC batch';

/**
 * Another procedure of the call's type to batch it with, one its caller may make: a public query, a
 * mutation open to anyone, or one of a member's own.
 */
function companionOf(call: LimitedCall): string {
  if (call.rest.method === 'GET') return 'site.config';
  return call.subject === 'address' ? 'commission.logout' : 'support.markRead';
}

/** The request of one call made one way: the procedure alone, or second in a batch after its companion. */
function requestFor(call: LimitedCall, way: Way): InjectOptions {
  const isQuery = call.rest.method === 'GET';
  if (way === 'REST') return { ...call.rest, ...(isQuery ? {} : { payload: call.input }) };
  const batch = way === 'tRPC batch';
  const path = batch ? `${companionOf(call)},${call.procedure}` : call.procedure;
  const input = batch ? { 1: call.input } : call.input;
  if (isQuery) {
    const query = new URLSearchParams({ input: JSON.stringify(input), ...(batch ? { batch: '1' } : {}) });
    return { method: 'GET', url: `/trpc/${path}?${query}` };
  }
  return { method: 'POST', url: `/trpc/${path}${batch ? '?batch=1' : ''}`, payload: input };
}

let subjects = 0;

/** A caller the limit has not seen: a new member signed in, or a new client address. */
async function newCaller(t: TestApp, subject: Subject): Promise<Partial<InjectOptions>> {
  subjects += 1;
  if (subject === 'address') return { remoteAddress: freshClientAddress() };
  const email = `member-${subjects}@example.com`;
  const cookie = await signIn(t.app, email);
  if (subject === 'funded member') {
    const { id } = await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    // ₱10,000.00: fifty payouts of the ₱200.00 these tests request.
    await t.database.db
      .transaction()
      .execute((trx) => postToLedger(trx, { userId: id, type: 'admin_adjustment', amount: 1_000_000, description: 'Opening balance' }));
  }
  return { headers: { cookie } };
}

function expectRefused(response: LightMyRequestResponse, call: LimitedCall, way: Way) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS[call.limit].windowMs / 1000);
  const body = response.json();
  if (way === 'REST') {
    expect(body).toEqual(TOO_MANY);
    return;
  }
  // tRPC clients read tRPC's error envelope, one per call of a batch.
  const envelopes = way === 'tRPC batch' ? body : [body];
  expect(envelopes).toHaveLength(way === 'tRPC batch' ? 2 : 1);
  for (const envelope of envelopes) {
    expect(envelope.error.message).toBe(TOO_MANY.message);
    expect(envelope.error.data).toMatchObject({ code: TOO_MANY.code, httpStatus: 429 });
  }
}

describe('rate limits on PostgreSQL', () => {
  const t = testAppOfFile();

  describe.each(LIMITED_CALLS)('$procedure ($limit, per $subject)', (call) => {
    const { max } = RATE_LIMITS[call.limit];

    it.each<Way>(['REST', 'tRPC', 'tRPC batch'])(`answers 429 with Retry-After after ${max} calls, through %s`, async (way) => {
      const caller = await newCaller(t, call.subject);
      const send = () => t.app.inject({ ...requestFor(call, way), ...caller });
      const underLimit: number[] = [];
      for (let i = 0; i < max; i++) underLimit.push((await send()).statusCode);
      expect(underLimit).not.toContain(429);
      if (way === 'REST') expect(new Set(underLimit)).toEqual(new Set([call.restStatusUnderLimit]));
      expectRefused(await send(), call, way);

      // Another caller is not affected.
      const other = await newCaller(t, call.subject);
      expect((await t.app.inject({ ...requestFor(call, way), ...other })).statusCode).not.toBe(429);
    });
  });

  it('counts the REST path, the tRPC call and every call of a batch under one limit', async () => {
    const call = LIMITED_CALLS.find((candidate) => candidate.limit === 'supportMessage')!;
    const { max } = RATE_LIMITS.supportMessage;
    const caller = await newCaller(t, 'member');
    // A batch naming the procedure twice counts twice.
    const twice = await t.app.inject({
      method: 'POST',
      url: '/trpc/support.send,support.send?batch=1',
      payload: { 0: call.input, 1: call.input },
      ...caller,
    });
    expect(twice.statusCode).toBe(200);
    for (let i = 2; i < max; i++) {
      const way: Way = i % 2 === 0 ? 'REST' : 'tRPC';
      expect((await t.app.inject({ ...requestFor(call, way), ...caller })).statusCode).toBe(200);
    }
    expectRefused(await t.app.inject({ ...requestFor(call, 'tRPC batch'), ...caller }), call, 'tRPC batch');
    expectRefused(await t.app.inject({ ...requestFor(call, 'REST'), ...caller }), call, 'REST');
  });

  it('counts photo uploads per address too, whichever accounts send them', async () => {
    const call = LIMITED_CALLS.find((candidate) => candidate.limit === 'photoUpload')!;
    const perMember = RATE_LIMITS.photoUpload.max;
    const { max } = RATE_LIMITS.photoUploadPerAddress;
    const remoteAddress = freshClientAddress();
    const fromAddress = async () => ({ ...(await newCaller(t, 'member')), remoteAddress });
    let sent = 0;
    while (sent < max) {
      const caller = await fromAddress();
      for (let i = 0; i < perMember && sent < max; i++, sent++) {
        expect((await t.app.inject({ ...requestFor(call, sent % 2 === 0 ? 'REST' : 'tRPC'), ...caller })).statusCode).not.toBe(429);
      }
    }
    // A member who has uploaded nothing, from the same address, is refused; from another address, not.
    const fresh = await fromAddress();
    expectRefused(await t.app.inject({ ...requestFor(call, 'REST'), ...fresh }), { ...call, limit: 'photoUploadPerAddress' }, 'REST');
    expect((await t.app.inject({ ...requestFor(call, 'REST'), ...fresh, remoteAddress: freshClientAddress() })).statusCode).toBe(400);
  });

  describe('payout requests', () => {
    const call = LIMITED_CALLS.find((candidate) => candidate.limit === 'payoutRequest')!;
    const { max } = RATE_LIMITS.payoutRequest;
    const below = { ...VALID_PAYOUT, amount: '100' };

    it('count only when accepted: refused ones never lock the member out', async () => {
      const caller = await newCaller(t, 'funded member');
      const send = (payload: object, way: 'REST' | 'tRPC' = 'REST') =>
        t.app.inject({
          ...(way === 'REST' ? { method: 'POST', url: '/api/payouts' } : { method: 'POST', url: '/trpc/payouts.request' }),
          payload,
          ...caller,
        });
      for (let i = 0; i <= max; i++) expect((await send(below, i % 2 === 0 ? 'REST' : 'tRPC')).statusCode).toBe(400);
      for (let i = 0; i < max; i++) expect((await send(VALID_PAYOUT)).statusCode).toBe(200);
      expectRefused(await send(VALID_PAYOUT), call, 'REST');
      // The refusals of the limit itself are not accepted either; the count stays at what was accepted.
      expectRefused(await send(below), call, 'REST');
      expect((await t.app.inject({ url: '/api/payouts', ...caller })).json()).toHaveLength(max);
    });

    it('still count every request while it runs: of concurrent valid ones only the limit passes', async () => {
      const caller = await newCaller(t, 'funded member');
      const statuses = await Promise.all(
        Array.from({ length: max + 5 }, () => t.app.inject({ method: 'POST', url: '/api/payouts', payload: VALID_PAYOUT, ...caller })),
      );
      expect(statuses.filter((response) => response.statusCode === 200)).toHaveLength(max);
      expect(statuses.filter((response) => response.statusCode === 429)).toHaveLength(5);
      expectRefused(await t.app.inject({ method: 'POST', url: '/api/payouts', payload: VALID_PAYOUT, ...caller }), call, 'REST');
    });
  });

  it('counts a procedure named with escapes as itself, and finds none behind a name escaped twice', async () => {
    const call = LIMITED_CALLS.find((candidate) => candidate.limit === 'supportMessage')!;
    const caller = await newCaller(t, 'member');
    const email = `member-${subjects}@example.com`;
    for (let i = 0; i < RATE_LIMITS.supportMessage.max; i++) {
      expect((await t.app.inject({ ...requestFor(call, 'REST'), ...caller })).statusCode).toBe(200);
    }
    // Escaped once, the name is the procedure's own, and so is its count.
    const payload = call.input;
    expectRefused(await t.app.inject({ method: 'POST', url: '/trpc/support%2Esend', payload, ...caller }), call, 'tRPC');
    // Escaped twice, it would be counted as one name and called as another: no procedure has it, nor
    // a name that does not decode at all.
    for (const url of ['/trpc/support%252Esend', '/trpc/support%252Esend?batch=1', '/trpc/%25E0%25A4%25A?batch=1', '/trpc/%25']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url, ...(method === 'POST' ? { payload } : {}), ...caller });
        expect({ url, method, status: response.statusCode, body: response.json() }).toEqual({
          url,
          method,
          status: 404,
          body: { message: messages.common.notFound, code: 'NOT_FOUND' },
        });
      }
    }
    // Only the calls under the limit sent a message.
    expect(await ownedRows(t.database.db, 'supportMessages', email)).toHaveLength(RATE_LIMITS.supportMessage.max);
  });

  it('refuses a request whose target names a host (absolute form), which the hooks would take for another path', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `http://127.0.0.1:${port}/trpc/support.send`,
          headers: { 'content-type': 'application/json' },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      sent.on('error', reject);
      sent.end(JSON.stringify({ message: 'Hello there' }));
    });
    expect({ status: answer.status, body: JSON.parse(answer.body) }).toEqual({
      status: 400,
      body: { message: messages.common.badRequest, code: 'BAD_REQUEST' },
    });
  });

  it('counts the sign-in page, the provider callback and the development sign-in under one per-address limit', async () => {
    const { max } = RATE_LIMITS.signIn;
    const remoteAddress = freshClientAddress();
    for (let i = 0; i < max; i++) {
      const url = i % 2 === 0 ? '/api/login' : '/api/callback';
      expect((await t.app.inject({ method: 'GET', url, remoteAddress })).statusCode).not.toBe(429);
    }
    const signInCall = LIMITED_CALLS.find((candidate) => candidate.limit === 'signIn')!;
    expectRefused(await t.app.inject({ ...requestFor(signInCall, 'REST'), remoteAddress }), signInCall, 'REST');
    const page = await t.app.inject({ method: 'GET', url: '/api/login', remoteAddress });
    expect(page.statusCode).toBe(429);
    expect(page.json()).toEqual(TOO_MANY);
  });

  it('counts the addresses of one IPv6 /64 as one client, and another /64 apart', async () => {
    const { max } = RATE_LIMITS.commissionLogin;
    const fromBlock = (block: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/percentage/login',
        remoteAddress: `2001:db8:${block}::${n.toString(16)}`,
        payload: guessWithNewUsername(),
      });
    for (let n = 1; n <= max; n++) expect((await fromBlock('7:7', n)).statusCode).toBe(401);
    expect((await fromBlock('7:7', max + 1)).statusCode).toBe(429);
    expect((await fromBlock('7:8', 1)).statusCode).toBe(401);
  });

  it('counts a HEAD request as its GET', async () => {
    const { max } = RATE_LIMITS.referralLookup;
    const remoteAddress = freshClientAddress();
    for (let i = 0; i < max; i++) await t.app.inject({ method: 'HEAD', url: '/api/users/by-referral-code/NOSUCHCODE', remoteAddress });
    const lookup = await t.app.inject({ method: 'GET', url: '/api/users/by-referral-code/NOSUCHCODE', remoteAddress });
    expect(lookup.statusCode).toBe(429);
  });

  it('shares the count between two instances on one database', async () => {
    const second = await startTestApp({}, t);
    try {
      const call = LIMITED_CALLS.find((candidate) => candidate.limit === 'commissionLogin')!;
      const { max } = RATE_LIMITS.commissionLogin;
      const remoteAddress = freshClientAddress();
      const statuses: number[] = [];
      for (let i = 0; i < max; i++) {
        const instance = i % 2 === 0 ? t : second;
        statuses.push((await instance.app.inject({ ...requestFor(call, 'REST'), remoteAddress })).statusCode);
      }
      expect(statuses).toEqual(Array(max).fill(401));
      expectRefused(await t.app.inject({ ...requestFor(call, 'REST'), remoteAddress }), call, 'REST');
      expectRefused(await second.app.inject({ ...requestFor(call, 'REST'), remoteAddress }), call, 'REST');
    } finally {
      await second.close();
    }
  });
});

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisReachable = await redisAnswers(REDIS_URL);

describe.skipIf(!redisReachable)(`rate limits in Redis (skipped when nothing answers at ${REDIS_URL})`, () => {
  // Unique to this run, so parallel runs and earlier runs never share counters.
  const prefix = `test:${randomUUID()}:`;
  const redisEnv = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
  let inspector: Redis;
  beforeAll(() => {
    inspector = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await inspector.keys(`${prefix}*`);
    if (keys.length) await inspector.del(...keys);
    inspector.disconnect();
  });

  it('shares the count between two instances through Redis, not the database', async () => {
    // Two databases: only Redis can carry the count from one instance to the other.
    const first = await startTestApp(redisEnv);
    const second = await startTestApp(redisEnv);
    try {
      const call = LIMITED_CALLS.find((candidate) => candidate.limit === 'commissionLogin')!;
      const { max } = RATE_LIMITS.commissionLogin;
      const remoteAddress = freshClientAddress();
      for (let i = 0; i < max; i++) {
        const instance = i % 2 === 0 ? first : second;
        expect((await instance.app.inject({ ...requestFor(call, 'REST'), remoteAddress })).statusCode).toBe(401);
      }
      expectRefused(await first.app.inject({ ...requestFor(call, 'REST'), remoteAddress }), call, 'REST');
      expectRefused(await second.app.inject({ ...requestFor(call, 'REST'), remoteAddress }), call, 'REST');
      for (const instance of [first, second]) {
        const rows = await instance.database.db.selectFrom('rateLimits').selectAll().execute();
        expect(rows).toEqual([]);
      }
      const key = `${prefix}commissionLogin:address:${remoteAddress}`;
      expect(await inspector.keys(`${prefix}commissionLogin:address:*`)).toEqual([key]);
      expect(Number(await inspector.get(key))).toBe(max + 2);
      const ttl = await inspector.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(RATE_LIMITS.commissionLogin.windowMs);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('closes its Redis connection when the app closes', async () => {
    const connectionsOfThisRun = async () => {
      const clients = await inspector.client('LIST');
      return String(clients)
        .split('\n')
        .filter((line) => line.includes(`name=${prefix}`)).length;
    };
    const instance = await startTestApp({ ...redisEnv, REDIS_KEY_PREFIX: `${prefix}closing:` });
    await instance.app.inject({ method: 'GET', url: '/api/users/by-referral-code/NOSUCHCODE' });
    await expect.poll(connectionsOfThisRun).toBe(1);
    await instance.close();
    await expect.poll(connectionsOfThisRun).toBe(0);
  });
});

describe('rate limits when Redis is down', () => {
  it('lets calls through (fail open) and keeps serving', async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    const t = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: `test:${randomUUID()}:` });
    try {
      const call = LIMITED_CALLS.find((candidate) => candidate.limit === 'commissionLogin')!;
      const remoteAddress = freshClientAddress();
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.commissionLogin.max; i++) {
        statuses.push((await t.app.inject({ ...requestFor(call, 'REST'), remoteAddress })).statusCode);
      }
      expect(statuses).toEqual(Array(RATE_LIMITS.commissionLogin.max + 1).fill(401));
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
