import { STEP_UP_MINUTES } from '@app/contracts';
import { checkLedger } from '@app/db';
import { softPasskey } from '@app/testkit/webauthn';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures } from './admin-fixtures';
import { openGcashPayments, signInOperator, signInUnlockedAdmin, startTestApp, type TestApp } from './helpers';

/** inject's requests come to `localhost:80`: the relying party where PUBLIC_URL is unset (docs/architecture.md#passkeys-and-the-step-up). */
const ORIGIN = 'http://localhost:80';
const MINUTE = 60_000;

let t: TestApp;
let f: Awaited<ReturnType<typeof adminFixtures>>;

beforeAll(async () => {
  t = await startTestApp();
  await openGcashPayments(t);
  f = await adminFixtures(t, 'passkeys');
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) } as InjectOptions);

/** Registers a new software passkey for the session at `base` (/api/admin/passkeys or the operator's). */
async function registerPasskey(cookie: string, base: string, name: string) {
  const passkey = softPasskey(ORIGIN);
  const options = await as(cookie, 'POST', `${base}/registration-options`);
  expect(options.statusCode).toBe(200);
  const registered = await as(cookie, 'POST', base, { name, response: passkey.register(options.json()) });
  expect(registered.statusCode).toBe(200);
  return { passkey, id: registered.json().id as string };
}

async function stepUp(cookie: string, base: string, passkey: ReturnType<typeof softPasskey>) {
  const options = await as(cookie, 'POST', `${base}/step-up-options`);
  expect(options.statusCode).toBe(200);
  return as(cookie, 'POST', `${base}/step-up`, { response: passkey.authenticate(options.json()) });
}

/** A member's pending ₱200.00 payout to a G-CASH number of their own. */
let wallets = 0;
async function pendingPayout(): Promise<string> {
  const requester = await f.member({ balance: 50_000 });
  const asked = await f.as(requester.cookie, 'POST', '/api/payouts', {
    paymentMethod: 'G-CASH',
    amount: '200',
    destination: { mobile: `0917${2_000_000 + ++wallets}`, accountName: 'Paz Reyes' },
  });
  expect(asked.statusCode).toBe(200);
  return asked.json().id;
}

describe('an admin with a passkey', () => {
  const BASE = '/api/admin/passkeys';
  let admin: string;
  let passkey: ReturnType<typeof softPasskey>;
  let passkeyId: string;

  beforeAll(async () => {
    admin = await signInUnlockedAdmin(t, 'passkey-holder@example.com');
    ({ passkey, id: passkeyId } = await registerPasskey(admin, BASE, 'Work laptop'));
  });

  it('lists the passkey, with no step-up yet', async () => {
    const listed = await as(admin, 'GET', BASE);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      passkeys: [{ id: passkeyId, name: 'Work laptop', createdAt: t.clock.now.toISOString(), lastUsedAt: null }],
      stepUpUntil: null,
      required: false,
    });
  });

  it('is refused a payout approval without a step-up: 401 STEP_UP_REQUIRED over REST and tRPC, nothing decided', async () => {
    const payoutId = await pendingPayout();
    const rest = await as(admin, 'POST', `/api/admin/payout/${payoutId}/status`, { status: 'approved' });
    expect(rest.statusCode).toBe(401);
    expect(rest.json()).toEqual({
      code: 'STEP_UP_REQUIRED',
      message: `Confirm with your passkey: money decisions need a passkey check in the last ${STEP_UP_MINUTES} minutes`,
    });
    const trpc = await as(admin, 'POST', '/trpc/admin.payouts.decide', { id: payoutId, status: 'approved' });
    expect(trpc.statusCode).toBe(401);
    expect(trpc.json().error.data).toMatchObject({ code: 'STEP_UP_REQUIRED', httpStatus: 401 });
    const batch = await as(admin, 'POST', '/api/admin/payouts/batch', {
      status: 'approved',
      payouts: [{ id: payoutId, amount: '200.00', flagged: false }],
    });
    expect(batch.json().code).toBe('STEP_UP_REQUIRED');
    const stillPending = await t.database.db.selectFrom('payouts').select('status').where('id', '=', payoutId).executeTakeFirstOrThrow();
    expect(stillPending.status).toBe('pending');
  });

  it('approves after a step-up, and is refused again once its 10 minutes are over', async () => {
    const stepped = await stepUp(admin, BASE, passkey);
    expect(stepped.statusCode).toBe(200);
    expect(stepped.json()).toEqual({ stepUpUntil: new Date(t.clock.now.getTime() + STEP_UP_MINUTES * MINUTE).toISOString() });
    const approved = await as(admin, 'POST', `/api/admin/payout/${await pendingPayout()}/status`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);

    const adminId = (
      await t.database.db.selectFrom('users').select('id').where('email', '=', 'passkey-holder@example.com').executeTakeFirstOrThrow()
    ).id;
    const logged = await t.database.db.selectFrom('adminLogs').select('action').where('adminId', '=', adminId).orderBy('seq').execute();
    expect(logged.map((row) => row.action)).toEqual(['admin_unlock', 'passkey_register', 'passkey_step_up', 'approve_payout']);

    t.clock.now = new Date(t.clock.now.getTime() + STEP_UP_MINUTES * MINUTE);
    const late = await as(admin, 'POST', `/api/admin/payout/${await pendingPayout()}/status`, { status: 'approved' });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('STEP_UP_REQUIRED');
  });

  it('refuses a replayed step-up answer', async () => {
    const options = (await as(admin, 'POST', `${BASE}/step-up-options`)).json();
    const answer = passkey.authenticate(options);
    expect((await as(admin, 'POST', `${BASE}/step-up`, { response: answer })).statusCode).toBe(200);
    const replayed = await as(admin, 'POST', `${BASE}/step-up`, { response: answer });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe('This passkey check has expired or was already used. Please try again.');
  });

  it('removes its passkey only after a fresh step-up', async () => {
    t.clock.now = new Date(t.clock.now.getTime() + STEP_UP_MINUTES * MINUTE);
    const stale = await as(admin, 'DELETE', `${BASE}/${passkeyId}`);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('STEP_UP_REQUIRED');
    expect((await stepUp(admin, BASE, passkey)).statusCode).toBe(200);
    const removed = await as(admin, 'DELETE', `${BASE}/${passkeyId}`);
    expect(removed.statusCode).toBe(200);
    expect((await as(admin, 'GET', BASE)).json().passkeys).toEqual([]);
    expect((await as(admin, 'DELETE', `${BASE}/${passkeyId}`)).statusCode).toBe(404);
  });
});

describe('an admin without a passkey', () => {
  it('decides as before; with ADMIN_PASSKEY_REQUIRED=true is asked to register one (403 PASSKEY_REQUIRED)', async () => {
    const payoutId = await pendingPayout();
    const required = await startTestApp({ ADMIN_PASSKEY_REQUIRED: 'true' }, { database: t.database, config: t.config });
    try {
      const admin = await signInUnlockedAdmin(required, 'no-passkey@example.com');
      const refused = await required.app.inject({
        method: 'POST',
        url: `/api/admin/payout/${payoutId}/status`,
        headers: { cookie: admin },
        payload: { status: 'approved' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'PASSKEY_REQUIRED', message: 'Register a passkey first: money decisions need one' });
      const listed = await required.app.inject({ method: 'GET', url: '/api/admin/passkeys', headers: { cookie: admin } });
      expect(listed.json()).toMatchObject({ passkeys: [], required: true });
    } finally {
      await required.close();
    }
    const approved = await f.admin('POST', `/api/admin/payout/${payoutId}/status`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
  });
});

describe('the commission operator with a passkey', () => {
  const BASE = '/api/admin/percentage/passkeys';

  it('is refused a payout request without a step-up, and asks after one', async () => {
    const operator = await signInOperator(t.app);
    const { passkey } = await registerPasskey(operator, BASE, 'Operator phone');
    const request = { amount: '1', paymentMethod: 'G-CASH', paymentDetails: '0917 555 0177' };
    const refused = await as(operator, 'POST', '/api/admin/percentage/request-payout', request);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('STEP_UP_REQUIRED');
    expect((await stepUp(operator, BASE, passkey)).statusCode).toBe(200);
    // Past the step-up, the request meets its own rule: no commission earned yet.
    const asked = await as(operator, 'POST', '/api/admin/percentage/request-payout', request);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().code).toBe('BAD_REQUEST');
    const logged = await t.database.db
      .selectFrom('adminLogs')
      .select(['adminId', 'action', 'details'])
      .where('action', 'like', 'passkey_%')
      .execute();
    expect(logged.filter((row) => row.adminId === null).map((row) => row.action)).toEqual(['passkey_register', 'passkey_step_up']);
  });
});
