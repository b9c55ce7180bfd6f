import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  createDatabase,
  fundedMember,
  NO_POSTGRES,
  signInUnlockedAdmin,
  startServer,
  temporaryDataDir,
  testDatabaseUrl,
} from '../support';

/** What a member sees of their money: the balances, the payout requests and the history. */
async function moneyOf(baseUrl: string, cookie: string) {
  const user = await call(baseUrl, cookie, 'GET', '/api/auth/user');
  const payouts = await call(baseUrl, cookie, 'GET', '/api/payouts');
  const history = await call(baseUrl, cookie, 'GET', '/api/transactions');
  expect([user.status, payouts.status, history.status]).toEqual([200, 200, 200]);
  return {
    id: user.body.id,
    availableBalance: user.body.availableBalance,
    pendingPayout: user.body.pendingPayout,
    payouts: payouts.body,
    history: history.body,
  };
}

/**
 * Signs a member in, funds them and requests a payout, stops the server with SIGTERM and starts it again on
 * the same data: the old session cookie still works and the money is as it was.
 */
async function restartKeepsSessionsAndMoney(env: Record<string, string>) {
  const first = await startServer(env);
  let member: { cookie: string };
  let before: Awaited<ReturnType<typeof moneyOf>>;
  try {
    const admin = await signInUnlockedAdmin(first.baseUrl);
    member = await fundedMember(first.baseUrl, admin, 'stays@example.com', '500');
    const payout = await call(first.baseUrl, member.cookie, 'POST', '/api/payouts', {
      paymentMethod: 'G-CASH',
      amount: '150.25',
      paymentDetails: '0917 555 0101 Juan Dela Cruz',
    });
    expect(payout.status).toBe(200);
    before = await moneyOf(first.baseUrl, member.cookie);
    expect(before).toMatchObject({ availableBalance: '349.75', pendingPayout: '150.25' });
  } finally {
    const stopped = await first.stop();
    expect(stopped.code, first.output()).toBe(0);
  }

  const second = await startServer(env);
  try {
    expect(await moneyOf(second.baseUrl, member.cookie)).toEqual(before);
  } finally {
    const stopped = await second.stop();
    expect(stopped.code, second.output()).toBe(0);
  }
}

describe('a restart on the same data', () => {
  const dataDir = temporaryDataDir();
  afterAll(() => dataDir.remove());

  it('keeps sessions, balances and history in the embedded PGlite under DATA_DIR', async () => {
    await restartKeepsSessionsAndMoney({ DATA_DIR: dataDir.dir });
  });

  it.skipIf(!testDatabaseUrl)(`keeps sessions, balances and history in PostgreSQL (${NO_POSTGRES})`, async () => {
    const database = await createDatabase();
    try {
      await restartKeepsSessionsAndMoney({ DATA_DIR: dataDir.dir, DATABASE_URL: database.url });
    } finally {
      await database.drop();
    }
  });
});
