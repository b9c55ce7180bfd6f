import { checkLedger, type Db } from '@app/db';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IP, adminFixtures } from './admin-fixtures';
import { createAdmin, OPERATOR, openGcashPayments, signIn, signInOperator, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let db: Db;
let f: Awaited<ReturnType<typeof adminFixtures>>;
let operator: string;

beforeAll(async () => {
  t = await startTestApp();
  await openGcashPayments(t);
  db = t.database.db;
  f = await adminFixtures(t, 'commission');
  operator = await signInOperator(t.app);
});
afterEach(async () => {
  expect(await checkLedger(db)).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const BASE = '/api/admin/percentage';
type Method = 'GET' | 'POST';

/** A call with a cookie header (an operator's, an admin's, a member's, or both joined), or none. */
const call = (cookie: string | undefined, method: Method, path: string, payload?: object) =>
  t.app.inject({ method, url: `${BASE}${path}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) } as InjectOptions);
const asOperator = (method: Method, path: string, payload?: object) => call(operator, method, path, payload);
const asAdmin = (method: Method, path: string, payload?: object) => f.admin(method, `${BASE}${path}`, payload);
/** An admin's action on a commission payout; a rejection with the reason it needs. */
const decide = (id: string, status: string) =>
  asAdmin('POST', `/payouts/${id}/status`, status === 'rejected' ? { status, reason: 'Wrong account name' } : { status });

/** "12.34" -> 1234; the figures are compared in centavos so deltas are exact. */
const centavos = (amount: string) => Math.round(Number(amount) * 100);

async function figures() {
  const response = await asOperator('GET', '/stats');
  expect(response.statusCode).toBe(200);
  const stats = response.json();
  return {
    totalBalance: centavos(stats.totalBalance),
    upgradeEarnings: centavos(stats.upgradeEarnings),
    payoutEarnings: centavos(stats.payoutEarnings),
    totalUpgrades: stats.totalUpgrades as number,
    totalPayouts: stats.totalPayouts as number,
    recentTransactions: stats.recentTransactions as Array<{ id: string; type: string; description: string; date: string; amount: string }>,
  };
}

/** Sets the figures with the stats editor: a known balance to test against. */
async function setFigures(totalBalance: string, upgradeEarnings = '0') {
  const response = await asAdmin('POST', '/update-stats', { totalBalance, upgradeEarnings });
  expect(response.statusCode).toBe(200);
}

const entriesFor = (sourceId: string) =>
  db.selectFrom('commissionEntries').select(['kind', 'amount', 'description']).where('sourceId', '=', sourceId).execute();

let references = 0;
/** A member who asked for a plan by G-CASH, and the pending request's id. */
async function vipApplicant(plan = 'VIP300') {
  const applicant = await f.member({ firstName: 'Vina' });
  const proof = String(2_000_000_000_000 + ++references);
  const asked = await f.as(applicant.cookie, 'POST', '/api/vip/upgrade', { vipTier: plan, paymentInfo: { transactionProof: proof } });
  expect(asked.statusCode).toBe(200);
  const request = await db.selectFrom('vipRequests').select('id').where('transactionProof', '=', proof).executeTakeFirstOrThrow();
  return { ...applicant, requestId: request.id };
}

/** A member with ₱500.00 who asked for a payout of ₱200.00. */
async function memberPayout() {
  const requester = await f.member({ balance: 50_000 });
  const asked = await f.as(requester.cookie, 'POST', '/api/payouts', {
    paymentMethod: 'G-CASH',
    amount: '200',
    paymentDetails: '09171234567',
  });
  expect(asked.statusCode).toBe(200);
  return asked.json().id as string;
}

const REQUEST = { paymentMethod: 'G-CASH', accountDetails: '09170000000 Op Erator' };

/** An operator payout request of `amount`, and its id. */
async function operatorPayout(amount: string) {
  const response = await asOperator('POST', '/request-payout', { ...REQUEST, amount });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
}

describe('the commission ledger', () => {
  it('earns ₱5.00 for a VIP upgrade an admin approves, and nothing for one rejected', async () => {
    const approved = await vipApplicant('VIP300');
    expect((await f.admin('POST', `/api/admin/approve-vip/${approved.requestId}`)).statusCode).toBe(200);
    expect(await entriesFor(approved.requestId)).toEqual([{ kind: 'upgrade', amount: 500, description: 'VIP upgrade to VIP 300' }]);

    const rejected = await vipApplicant('VIP400');
    expect((await f.admin('POST', `/api/admin/reject-vip/${rejected.requestId}`, { reason: 'No payment' })).statusCode).toBe(200);
    expect(await entriesFor(rejected.requestId)).toEqual([]);
  });

  it('earns ₱5.00 for a VIP bought with earnings', async () => {
    const buyer = await f.member({ balance: 40_000 });
    expect((await f.as(buyer.cookie, 'POST', '/api/vip/upgrade-with-earnings', { vipTier: 'VIP300' })).statusCode).toBe(200);
    const entries = await db
      .selectFrom('commissionEntries')
      .innerJoin('vipRequests', 'vipRequests.id', 'commissionEntries.sourceId')
      .select(['commissionEntries.kind', 'commissionEntries.amount'])
      .where('vipRequests.userId', '=', buyer.id)
      .execute();
    expect(entries).toEqual([{ kind: 'upgrade', amount: 500 }]);
  });

  it('earns ₱10.00 for a member payout an admin approves, and nothing for one declined', async () => {
    const approved = await memberPayout();
    expect((await f.admin('POST', `/api/admin/payout/${approved}/status`, { status: 'approved' })).statusCode).toBe(200);
    expect(await entriesFor(approved)).toEqual([{ kind: 'payout', amount: 1_000, description: 'Payout of ₱200.00 approved' }]);

    const declined = await memberPayout();
    expect((await f.admin('PUT', `/api/admin/payout/${declined}/status`, { status: 'declined', reason: 'Wrong number' })).statusCode).toBe(
      200,
    );
    expect(await entriesFor(declined)).toEqual([]);
  });

  it('earns once however often an event is approved', async () => {
    const payoutId = await memberPayout();
    const answers = await Promise.all([1, 2, 3].map(() => f.admin('POST', `/api/admin/payout/${payoutId}/status`, { status: 'approved' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await entriesFor(payoutId)).toHaveLength(1);
  });
});

describe('commission stats', () => {
  it('adds each earning to the balance and to its source, newest first in the recent transactions', async () => {
    const before = await figures();
    const applicant = await vipApplicant();
    await f.admin('POST', `/api/admin/approve-vip/${applicant.requestId}`);
    const payoutId = await memberPayout();
    await f.admin('POST', `/api/admin/payout/${payoutId}/status`, { status: 'approved' });

    const after = await figures();
    expect(after.totalBalance - before.totalBalance).toBe(1_500);
    expect(after.upgradeEarnings - before.upgradeEarnings).toBe(500);
    expect(after.payoutEarnings).toBe(after.totalBalance - after.upgradeEarnings);
    expect(after.totalUpgrades - before.totalUpgrades).toBe(1);
    expect(after.totalPayouts - before.totalPayouts).toBe(1);
    expect(after.recentTransactions.slice(0, 2)).toEqual([
      { id: expect.any(String), type: 'payout', description: 'Payout of ₱200.00 approved', date: expect.any(String), amount: '10.00' },
      { id: expect.any(String), type: 'upgrade', description: 'VIP upgrade to VIP 300', date: expect.any(String), amount: '5.00' },
    ]);
    expect(new Date(after.recentTransactions[0]?.date ?? '').toISOString()).toBe(after.recentTransactions[0]?.date);
  });

  it('takes commission payouts from the balance unless rejected, never from the upgrade earnings', async () => {
    await setFigures('50.00', '20.00');
    const pending = await operatorPayout('12.34');
    expect(await figures()).toMatchObject({ totalBalance: 3_766, upgradeEarnings: 2_000, payoutEarnings: 1_766 });

    await asAdmin('POST', `/payouts/${pending}/status`, { status: 'approved' });
    expect((await figures()).totalBalance).toBe(3_766);
    await asAdmin('POST', `/payouts/${pending}/status`, { status: 'paid' });
    expect((await figures()).totalBalance).toBe(3_766);

    const rejected = await operatorPayout('30.00');
    expect(await figures()).toMatchObject({ totalBalance: 766, upgradeEarnings: 2_000, payoutEarnings: -1_234 });
    await decide(rejected, 'rejected');
    expect(await figures()).toMatchObject({ totalBalance: 3_766, upgradeEarnings: 2_000, payoutEarnings: 1_766 });
  });
});

describe('the stats editor', () => {
  it('makes the figures read the given values, with one adjustment per figure, logged', async () => {
    const before = await figures();
    const edited = await asAdmin('POST', '/update-stats', { totalBalance: 123.45, upgradeEarnings: '100' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      totalBalance: '123.45',
      upgradeEarnings: '100.00',
      payoutEarnings: '23.45',
      totalUpgrades: before.totalUpgrades,
      totalPayouts: before.totalPayouts,
    });
    expect(await figures()).toMatchObject({ totalBalance: 12_345, upgradeEarnings: 10_000, payoutEarnings: 2_345 });

    const [log] = (await f.logs('update_commission_stats')).slice(-1);
    expect(log).toMatchObject({
      adminId: f.adminId,
      ipAddress: ADMIN_IP,
      details: {
        before: { totalBalance: (before.totalBalance / 100).toFixed(2), upgradeEarnings: (before.upgradeEarnings / 100).toFixed(2) },
        after: { totalBalance: '123.45', upgradeEarnings: '100.00' },
      },
    });
    const adjustments = await db
      .selectFrom('commissionEntries')
      .select(['id', 'amount', 'description', 'createdBy'])
      .where('kind', '=', 'adjustment')
      .where('sourceId', 'like', `%:${log?.targetId}`)
      .orderBy('description', 'desc')
      .execute();
    // The log row names the entries the edit wrote (docs/product-rules.md#evidence).
    expect([...((log?.details.commissionEntryIds ?? []) as string[])].sort()).toEqual(adjustments.map((entry) => entry.id).sort());
    expect(adjustments).toEqual([
      {
        id: expect.any(String),
        amount: 10_000 - before.upgradeEarnings,
        description: 'Adjustment of upgrade earnings by an admin',
        createdBy: f.adminId,
      },
      {
        id: expect.any(String),
        amount: 2_345 - before.payoutEarnings,
        description: 'Adjustment of payout earnings by an admin',
        createdBy: f.adminId,
      },
    ]);
    expect(
      edited
        .json()
        .recentTransactions.slice(0, 2)
        .map((row: { type: string }) => row.type)
        .sort(),
    ).toEqual(['payout', 'upgrade']);

    // Later earnings count on top of the edited figures.
    const applicant = await vipApplicant();
    await f.admin('POST', `/api/admin/approve-vip/${applicant.requestId}`);
    expect(await figures()).toMatchObject({ totalBalance: 12_845, upgradeEarnings: 10_500, payoutEarnings: 2_345 });
  });

  it('writes no adjustment when a figure already has the given value, and allows upgrade earnings above the balance', async () => {
    await setFigures('10.00', '30.00');
    const count = async () =>
      (
        await db
          .selectFrom('commissionEntries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const entries = Number(await count());
    await setFigures('10.00', '30.00');
    expect(Number(await count())).toBe(entries);
    expect(await figures()).toMatchObject({ totalBalance: 1_000, upgradeEarnings: 3_000, payoutEarnings: -2_000 });
  });

  it.each([
    [{ totalBalance: 'abc', upgradeEarnings: '1' }],
    [{ totalBalance: '1', upgradeEarnings: '' }],
    [{ totalBalance: '1' }],
    [{ totalBalance: -1, upgradeEarnings: 1 }],
    [{ totalBalance: '1e3', upgradeEarnings: 1 }],
    [{ totalBalance: true, upgradeEarnings: 1 }],
  ])('refuses %j with "Please enter valid numbers"', async (payload) => {
    const response = await asAdmin('POST', '/update-stats', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please enter valid numbers', code: 'BAD_REQUEST' });
  });

  it('says a third decimal is what is wrong with a figure', async () => {
    const response = await asAdmin('POST', '/update-stats', { totalBalance: 1.234, upgradeEarnings: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Use at most 2 decimal places', code: 'BAD_REQUEST' });
  });
});

describe('payout requests', () => {
  it('records the request as pending and lists it for the operator and for admins', async () => {
    await setFigures('100.00');
    // Later than the requests of the tests before, so it heads the newest-first list.
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    const response = await asOperator('POST', '/request-payout', {
      amount: '25.5',
      paymentMethod: 'PayMaya',
      accountDetails: '  0918 Op  ',
    });
    expect(response.statusCode).toBe(200);
    const payout = response.json();
    expect(payout).toEqual({
      id: expect.any(String),
      amount: '25.50',
      paymentMethod: 'PayMaya',
      accountDetails: '0918 Op',
      status: 'pending',
      requestedAt: t.clock.now.toISOString(),
      processedAt: null,
      notes: null,
    });
    expect((await asOperator('GET', '/payouts')).json()[0]).toEqual(payout);
    expect((await asAdmin('GET', '/payouts')).json()[0]).toEqual(payout);
  });

  it('pages and searches the requests when asked, and otherwise answers the first 100 with the total in X-Total-Count', async () => {
    await setFigures('100.00');
    // A second apart each, so that newest first is one order; the account details set them apart from the file's other requests.
    const request = async (amount: string, paymentMethod: string, accountDetails: string) => {
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
      const response = await asOperator('POST', '/request-payout', { amount, paymentMethod, accountDetails });
      expect(response.statusCode).toBe(200);
      return response.json().id as string;
    };
    const older = await request('1.00', 'G-CASH', '0917 Paging Op');
    const newer = await request('2.00', 'G-CASH', '0917 Paging Op');
    const newest = await request('3.00', 'Bank Transfer', 'BDO 0042_50% Paging Op');

    const unpaged = await asAdmin('GET', '/payouts');
    const total = Number(unpaged.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(unpaged.json()).toHaveLength(Math.min(total, 100));
    expect((await asOperator('GET', '/payouts?page=1&pageSize=2')).json()).toMatchObject({ total, items: [{ id: newest }, {}] });

    const ids = (answer: { items: { id: string }[] }) => answer.items.map((payout) => payout.id);
    const firstPage = (await asOperator('GET', '/payouts?page=1&pageSize=2&search=paging%20op')).json();
    expect(firstPage.total).toBe(3);
    expect(ids(firstPage)).toEqual([newest, newer]);
    expect(ids((await asOperator('GET', '/payouts?page=2&pageSize=2&search=paging%20op')).json())).toEqual([older]);

    const byAccount = (await asAdmin('GET', '/payouts?page=1&search=bdo%200042_')).json();
    expect(byAccount).toMatchObject({ total: 1, items: [{ paymentMethod: 'Bank Transfer', amount: '3.00' }] });
    expect((await asAdmin('GET', '/payouts?page=1&search=_50%25')).json().total).toBe(1);
    expect((await asAdmin('GET', '/payouts?page=1&search=PENDING')).json().total).toBeGreaterThanOrEqual(3);
    expect((await asAdmin('GET', '/payouts?pageSize=0')).statusCode).toBe(400);
  });

  it('holds the amount to the balance', async () => {
    await setFigures('10.00');
    const over = await asOperator('POST', '/request-payout', { ...REQUEST, amount: '10.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'The amount cannot be more than the available balance of ₱10.00', code: 'BAD_REQUEST' });
    await operatorPayout('10.00');
    const empty = await asOperator('POST', '/request-payout', { ...REQUEST, amount: '0.01' });
    expect(empty.json().message).toBe('The amount cannot be more than the available balance of ₱0.00');
  });

  it('lets concurrent requests spend the balance once', async () => {
    await setFigures('10.00');
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => asOperator('POST', '/request-payout', { ...REQUEST, amount: '4.00' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 400, 400, 400]);
    expect((await figures()).totalBalance).toBe(200);
  });

  it.each([
    [{ paymentMethod: 'G-CASH', accountDetails: 'x' }, 'Amount is required'],
    [{ amount: '', paymentMethod: 'G-CASH', accountDetails: 'x' }, 'Amount is required'],
    [{ amount: '0', paymentMethod: 'G-CASH', accountDetails: 'x' }, 'Amount must be greater than 0 with at most 2 decimals'],
    [{ amount: '1.005', paymentMethod: 'G-CASH', accountDetails: 'x' }, 'Use at most 2 decimal places'],
    [{ amount: -5, paymentMethod: 'G-CASH', accountDetails: 'x' }, 'Amount must be greater than 0 with at most 2 decimals'],
    [{ amount: 'ten', paymentMethod: 'G-CASH', accountDetails: 'x' }, 'Amount must be greater than 0 with at most 2 decimals'],
    [{ amount: '1', accountDetails: 'x' }, 'Payment method is required'],
    [{ amount: '1', paymentMethod: 'PayPal', accountDetails: 'x' }, 'Payment method must be G-CASH, PayMaya or Bank Transfer'],
    [{ amount: '1', paymentMethod: 'G-CASH' }, 'Account details are required'],
    [{ amount: '1', paymentMethod: 'Bank Transfer', accountDetails: '   ' }, 'Account details are required'],
    [{ amount: '1', paymentMethod: 'Bank Transfer', accountDetails: 'x'.repeat(501) }, 'Account details must be at most 500 characters'],
  ])('refuses %j: %s', async (payload, message) => {
    const response = await asOperator('POST', '/request-payout', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });
});

describe('the commission payout state machine', () => {
  /** A payout brought to `status` through the allowed path. */
  async function payoutIn(status: 'pending' | 'approved' | 'rejected' | 'paid') {
    await setFigures('100.00');
    const id = await operatorPayout('1.00');
    if (status !== 'pending') expect((await decide(id, status)).statusCode).toBe(200);
    return id;
  }

  it.each([
    ['pending', 'approved', 'Approved for processing', false],
    ['pending', 'rejected', 'Rejected by admin: a note of the admin’s own', true],
    ['pending', 'paid', 'Payment completed', true],
    ['approved', 'paid', 'Payment completed', true],
  ] as const)('moves %s to %s with the note "%s"', async (from, to, notes, processed) => {
    const id = await payoutIn(from);
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const response = await asAdmin('POST', `/payouts/${id}/status`, { status: to, notes: 'a note of the admin’s own' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, status: to, notes, processedAt: processed ? t.clock.now.toISOString() : null });
    const verb = { approved: 'approve', rejected: 'reject', paid: 'pay' }[to];
    const [log] = await f.logs(`${verb}_commission_payout`, id);
    expect(log).toMatchObject({ adminId: f.adminId, ipAddress: ADMIN_IP, details: { amount: '1.00', paymentMethod: 'G-CASH', notes } });
  });

  it.each([
    ['approved', 'approved', 'Already approved'],
    ['approved', 'rejected', 'This payout is approved and cannot be marked rejected'],
    ['rejected', 'approved', 'This payout is rejected and cannot be marked approved'],
    ['rejected', 'rejected', 'Already rejected'],
    ['rejected', 'paid', 'This payout is rejected and cannot be marked paid'],
    ['paid', 'approved', 'This payout is paid and cannot be marked approved'],
    ['paid', 'rejected', 'This payout is paid and cannot be marked rejected'],
    ['paid', 'paid', 'Already paid'],
  ] as const)('refuses %s to %s with 409 "%s", as a decision already made, and leaves it as it was', async (from, to, message) => {
    const id = await payoutIn(from);
    const before = (await asAdmin('GET', '/payouts')).json().find((payout: { id: string }) => payout.id === id);
    const response = await decide(id, to);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message, code: 'CONFLICT', decided: from });
    expect((await asAdmin('GET', '/payouts')).json().find((payout: { id: string }) => payout.id === id)).toEqual(before);
  });

  it('refuses a rejection without a reason (400) and records the one given, as `reason` or as the documented `notes`', async () => {
    const id = await payoutIn('pending');
    for (const payload of [{ status: 'rejected' }, { status: 'rejected', reason: '   ' }, { status: 'rejected', notes: '' }]) {
      const response = await asAdmin('POST', `/payouts/${id}/status`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Please give a reason for the rejection: the operator sees it', code: 'BAD_REQUEST' });
    }
    const response = await asAdmin('POST', `/payouts/${id}/status`, { status: 'rejected', reason: 'The account name does not match' });
    expect(response.json()).toMatchObject({ status: 'rejected', notes: 'Rejected by admin: The account name does not match' });
    // The operator reads it in their list.
    const listed = (await call(operator, 'GET', '/payouts')).json().find((payout: { id: string }) => payout.id === id);
    expect(listed).toMatchObject({ status: 'rejected', notes: 'Rejected by admin: The account name does not match' });
  });

  it('refuses pending or an unknown status (400) and an unknown payout (404)', async () => {
    const id = await payoutIn('approved');
    for (const status of ['pending', 'declined', undefined]) {
      const response = await asAdmin('POST', `/payouts/${id}/status`, status ? { status } : {});
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Status must be approved, rejected or paid');
    }
    const unknown = await asAdmin('POST', '/payouts/no-such-payout/status', { status: 'paid' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Commission payout not found');
  });

  it('lets one of two racing actions through', async () => {
    // Reject leaves only pending and pay leaves pending or approved: whichever runs first, the other finds it final.
    const raced = await payoutIn('pending');
    const answers = await Promise.all(['rejected', 'paid'].map((status) => decide(raced, status)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);

    const twice = await payoutIn('pending');
    const paid = await Promise.all([1, 2, 3].map(() => asAdmin('POST', `/payouts/${twice}/status`, { status: 'paid' })));
    expect(paid.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    // The presses that lost are told it is done, as the panel shows it: news, not a failure.
    expect(paid.filter((answer) => answer.statusCode === 409).map((answer) => answer.json())).toEqual([
      { message: 'Already paid', code: 'CONFLICT', decided: 'paid' },
      { message: 'Already paid', code: 'CONFLICT', decided: 'paid' },
    ]);
    expect(await f.logs('pay_commission_payout', twice)).toHaveLength(1);
  });
});

describe('the commission statement', () => {
  it('lists every ledger line with the balance after it, ending at the total balance', async () => {
    const applicant = await vipApplicant();
    await f.admin('POST', `/api/admin/approve-vip/${applicant.requestId}`);
    const payoutId = await memberPayout();
    await f.admin('POST', `/api/admin/payout/${payoutId}/status`, { status: 'approved' });
    await setFigures('40.00', '15.00');
    const rejected = await operatorPayout('7.00');
    await decide(rejected, 'rejected');
    await operatorPayout('3.00');

    for (const cookie of [operator, f.adminCookie]) {
      const response = await call(cookie, 'GET', '/statement.csv');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="commission-statement-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('Date,Time (UTC),ID,Type,Description,Status,Amount,Balance after');
      expect(lines).toContainEqual(expect.stringMatching(/,VIP upgrade,VIP upgrade to VIP 300,,5\.00,/));
      expect(lines).toContainEqual(expect.stringMatching(/,Member payout,Payout of ₱200\.00 approved,,10\.00,/));
      expect(lines).toContainEqual(
        expect.stringMatching(/,Adjustment \(upgrade earnings\),Adjustment of upgrade earnings by an admin,,-?\d+\.\d{2},/),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`,${rejected},Commission payout,Commission payout via G-CASH,rejected,-7\\.00,`)),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`,${rejected},Commission payout rejected,Commission payout via G-CASH,rejected,7\\.00,`)),
      );
      expect(lines.at(-1)).toMatch(/,37\.00$/);
    }
    expect((await figures()).totalBalance).toBe(3_700);
  });
});

describe('who may call what', () => {
  let member: string;
  let lockedAdmin: string;
  beforeAll(async () => {
    member = await signIn(t.app, 'commission-member@example.com');
    await createAdmin(t, 'commission-locked@example.com');
    lockedAdmin = await signIn(t.app, 'commission-locked@example.com');
  });

  it.each(['/stats', '/payouts', '/statement.csv'])('GET %s answers the operator and an unlocked admin only', async (path) => {
    expect((await call(operator, 'GET', path)).statusCode).toBe(200);
    expect((await call(f.adminCookie, 'GET', path)).statusCode).toBe(200);
    expect((await call(undefined, 'GET', path)).statusCode).toBe(401);
    expect((await call(member, 'GET', path)).json()).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    expect((await call(lockedAdmin, 'GET', path)).json()).toEqual({ message: 'Admin panel is locked', code: 'FORBIDDEN' });
  });

  it('lets only the operator request a payout', async () => {
    await setFigures('5.00');
    for (const cookie of [undefined, member, f.adminCookie, lockedAdmin]) {
      const response = await call(cookie, 'POST', '/request-payout', { ...REQUEST, amount: '1.00' });
      expect(response.statusCode).toBe(401);
    }
    expect((await asOperator('POST', '/request-payout', { ...REQUEST, amount: '1.00' })).statusCode).toBe(200);
  });

  it.each([
    ['/update-stats', { totalBalance: '5', upgradeEarnings: '0' }],
    ['/payouts/some-payout/status', { status: 'paid' }],
  ])('lets only an unlocked admin call POST %s', async (path, payload) => {
    expect((await call(undefined, 'POST', path, payload)).statusCode).toBe(401);
    expect((await call(operator, 'POST', path, payload)).statusCode).toBe(401);
    const asMember = await call(`${member}; ${operator}`, 'POST', path, payload);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe('Admin access required');
    const locked = await call(`${lockedAdmin}; ${operator}`, 'POST', path, payload);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('Admin panel is locked');
    expect([200, 404]).toContain((await call(f.adminCookie, 'POST', path, payload)).statusCode);
  });

  it('refuses wrong operator credentials with 401 and limits the attempts per address', async () => {
    // A username of its own for each wrong guess: wrong passwords also lock a username out
    // (wrong-passwords.test.ts), which must not stand in for the per-address limit here.
    let guesses = 0;
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/login`,
        remoteAddress: '198.51.100.23',
        payload: { username: password === OPERATOR.password ? OPERATOR.username : `guesser-${++guesses}`, password },
      });
    const wrong = await attempt('not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid credentials', code: 'UNAUTHORIZED' });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt('still-wrong')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);
    // Even the right password waits once the address is over its limit.
    expect((await attempt(OPERATOR.password)).statusCode).toBe(429);
  });

  it('ends the operator session at logout', async () => {
    const session = await signInOperator(t.app);
    expect((await call(session, 'GET', '/stats')).statusCode).toBe(200);
    expect((await call(session, 'POST', '/logout')).statusCode).toBe(200);
    expect((await call(session, 'GET', '/stats')).statusCode).toBe(401);
    expect((await call(session, 'POST', '/request-payout', { ...REQUEST, amount: '1.00' })).statusCode).toBe(401);
  });
});
