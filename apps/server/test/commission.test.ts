import { formatAmount } from '@app/contracts';
import type { Db } from '@app/db';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IP, type AdminFixtures, adminAppOfFile } from './admin-fixtures';
import { createAdmin, OPERATOR, signIn, signInOperator, signInUnlockedAdmin, type TestApp } from './helpers';

let t: TestApp;
let db: Db;
let f: AdminFixtures;
let operator: string;
/** A second admin, who makes the stats edits that set up the tests (f.admin decides the operator's payouts). */
let editor: string;

/** The file's balance ceiling, BALANCE_CEILING: ₱1,000.00, within reach of edits of at most ₱5,000.00. */
const CEILING = '1000';

adminAppOfFile('commission', { env: { BALANCE_CEILING: CEILING }, gcashPayments: true }, (file) => {
  ({ t, db, f } = file);
});
beforeAll(async () => {
  operator = await signInOperator(t.app);
  editor = await signInUnlockedAdmin(t, 'commission-editor@example.com');
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

/** The stats editor's body: the figures wanted, the figures as they read now (as the editor showed them) and a reason. */
async function statsEdit(totalBalance: string | number, upgradeEarnings: string | number, reason = 'Reconciled with the operator') {
  const seen = await figures();
  return {
    totalBalance,
    upgradeEarnings,
    expectedTotalBalance: formatAmount(seen.totalBalance),
    expectedUpgradeEarnings: formatAmount(seen.upgradeEarnings),
    reason,
  };
}

/** Sets the figures with the stats editor, as the second admin: a known balance to test against. */
async function setFigures(totalBalance: string, upgradeEarnings = '0') {
  const response = await call(editor, 'POST', '/update-stats', await statsEdit(totalBalance, upgradeEarnings));
  expect(response.statusCode).toBe(200);
}

/** How many rows the commission ledger has. */
async function entryCount() {
  const { n } = await db
    .selectFrom('commissionEntries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

const entriesFor = (sourceId: string) =>
  db.selectFrom('commissionEntries').select(['kind', 'amount', 'description']).where('sourceId', '=', sourceId).execute();

/** A member with ₱500.00 who asked for a payout of ₱200.00. */
async function memberPayout() {
  const requester = await f.member({ balance: 50_000 });
  const asked = await f.as(requester.cookie, 'POST', '/api/payouts', {
    paymentMethod: 'G-CASH',
    amount: '200',
    paymentDetails: '09171234567 Juan Dela Cruz',
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
    const approved = await f.vipApplicant('VIP300');
    expect((await f.admin('POST', `/api/admin/approve-vip/${approved.requestId}`)).statusCode).toBe(200);
    expect(await entriesFor(approved.requestId)).toEqual([{ kind: 'upgrade', amount: 500, description: 'VIP upgrade to VIP 300' }]);

    const rejected = await f.vipApplicant('VIP400');
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
    const applicant = await f.vipApplicant();
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
    const edited = await asAdmin('POST', '/update-stats', await statsEdit(123.45, '100', '  Two upgrades were counted as payouts  '));
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
        reason: 'Two upgrades were counted as payouts',
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
    // The operator reads the reason in the ledger too.
    expect(adjustments).toEqual([
      {
        id: expect.any(String),
        amount: 10_000 - before.upgradeEarnings,
        description: 'Adjustment of upgrade earnings by an admin: Two upgrades were counted as payouts',
        createdBy: f.adminId,
      },
      {
        id: expect.any(String),
        amount: 2_345 - before.payoutEarnings,
        description: 'Adjustment of payout earnings by an admin: Two upgrades were counted as payouts',
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
    const applicant = await f.vipApplicant();
    await f.admin('POST', `/api/admin/approve-vip/${applicant.requestId}`);
    expect(await figures()).toMatchObject({ totalBalance: 12_845, upgradeEarnings: 10_500, payoutEarnings: 2_345 });
  });

  it('writes no adjustment when a figure already has the given value, and allows upgrade earnings above the balance', async () => {
    await setFigures('10.00', '30.00');
    const entries = await entryCount();
    await setFigures('10.00', '30.00');
    expect(await entryCount()).toBe(entries);
    expect(await figures()).toMatchObject({ totalBalance: 1_000, upgradeEarnings: 3_000, payoutEarnings: -2_000 });
  });

  /** Each refusal below changes nothing: no ledger row, no log row, the same figures. */
  async function expectRefused(payload: object, status: number, answer: object) {
    const [before, entries, logs] = [await figures(), await entryCount(), (await f.logs('update_commission_stats')).length];
    const response = await asAdmin('POST', '/update-stats', payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(answer);
    expect([await figures(), await entryCount(), (await f.logs('update_commission_stats')).length]).toEqual([before, entries, logs]);
  }

  it.each([
    [{ totalBalance: 'abc', upgradeEarnings: '1' }],
    [{ totalBalance: '1', upgradeEarnings: '' }],
    [{ totalBalance: '1', upgradeEarnings: undefined }],
    [{ totalBalance: -1, upgradeEarnings: 1 }],
    [{ totalBalance: '1e3', upgradeEarnings: 1 }],
    [{ totalBalance: true, upgradeEarnings: 1 }],
    [{ expectedTotalBalance: 'lots' }],
    [{ expectedUpgradeEarnings: -5 }],
  ])('refuses %j with "Please enter valid numbers"', async (wrong) => {
    await expectRefused({ ...(await statsEdit('1', '1')), ...wrong }, 400, { message: 'Please enter valid numbers', code: 'BAD_REQUEST' });
  });

  it('says a third decimal is what is wrong with a figure', async () => {
    await expectRefused({ ...(await statsEdit('1', '1')), totalBalance: 1.234 }, 400, {
      message: 'Use at most 2 decimal places',
      code: 'BAD_REQUEST',
    });
  });

  it('is documented with the body it takes: the figures wanted, the figures the admin saw and the reason', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const body = doc.paths['/admin/percentage/update-stats'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['totalBalance', 'upgradeEarnings', 'expectedTotalBalance', 'expectedUpgradeEarnings', 'reason']);
  });

  it('refuses an edit without the figures the admin saw (400 naming them), which would overwrite blindly', async () => {
    const { expectedTotalBalance, expectedUpgradeEarnings, ...rest } = await statsEdit('1', '1');
    const message =
      'The figures you saw (expectedTotalBalance and expectedUpgradeEarnings) are required, so that earnings or payouts since then are not undone';
    await expectRefused({ ...rest, expectedUpgradeEarnings }, 400, { message, code: 'BAD_REQUEST' });
    await expectRefused({ ...rest, expectedTotalBalance }, 400, { message, code: 'BAD_REQUEST' });
    await expectRefused({ ...rest, expectedTotalBalance, expectedUpgradeEarnings: '' }, 400, { message, code: 'BAD_REQUEST' });
  });

  it.each([
    [undefined, 'Please give a reason for the correction: it is kept in the activity log and the commission ledger'],
    ['', 'Please give a reason for the correction: it is kept in the activity log and the commission ledger'],
    ['   ', 'Please give a reason for the correction: it is kept in the activity log and the commission ledger'],
    [42, 'Please give a reason for the correction: it is kept in the activity log and the commission ledger'],
    ['x'.repeat(501), 'Reason must be at most 500 characters'],
    ['a\u0000b', 'Text must not contain NUL characters'],
  ])('refuses the reason %j with "%s"', async (reason, message) => {
    await expectRefused({ ...(await statsEdit('1', '1')), reason }, 400, { message, code: 'BAD_REQUEST' });
  });

  it('refuses to mint ₱999,999.00: one edit moves each figure by at most ₱5,000.00, either way', async () => {
    const message = 'One edit may change a figure by at most ₱5,000.00: the editor is for corrections, not income';
    const seen = await figures();
    const plus = (centavos: number, pesos: number) => formatAmount(centavos + pesos * 100);
    for (const [totalBalance, upgradeEarnings] of [
      [plus(seen.totalBalance, 999_999), plus(seen.upgradeEarnings, 0)],
      [plus(seen.totalBalance, 5_000.01), plus(seen.upgradeEarnings, 0)],
      [plus(seen.totalBalance, 0), plus(seen.upgradeEarnings, 999_999)],
    ]) {
      await expectRefused(await statsEdit(totalBalance!, upgradeEarnings!), 400, { message, code: 'BAD_REQUEST' });
    }
    // Lowering by more is refused too (upgrade earnings have no ceiling, so they can be raised that far in steps).
    await setFigures('1000.00', '4000.00');
    await setFigures('1000.00', '5200.00');
    await expectRefused(await statsEdit('1000.00', '199.99'), 400, { message, code: 'BAD_REQUEST' });
    // ₱5,000.00 exactly is a correction.
    await setFigures('500.00', '200.00');
    expect(await figures()).toMatchObject({ totalBalance: 50_000, upgradeEarnings: 20_000 });
  });

  it('never raises the balance above BALANCE_CEILING, naming it, and lowers one that is above', async () => {
    await setFigures('1000.00', '0');
    await expectRefused(await statsEdit('1000.01', '0'), 400, {
      message: 'A balance cannot be raised above the ceiling of ₱1,000.00',
      code: 'BAD_REQUEST',
      balanceCeiling: '1000.00',
    });
    // Earnings may carry the balance over the ceiling; an edit may still bring it down, to a figure over it too.
    const applicant = await f.vipApplicant();
    await f.admin('POST', `/api/admin/approve-vip/${applicant.requestId}`);
    expect((await figures()).totalBalance).toBe(100_500);
    await setFigures('1000.02', '0');
    await expectRefused(await statsEdit('1000.03', '0'), 400, expect.objectContaining({ balanceCeiling: '1000.00' }));
    await setFigures('100.00');
  });

  it('refuses a stale view with the current figures (409), changing nothing, and takes the edit made again from them', async () => {
    await setFigures('60.00', '20.00');
    // The admin opens the editor; an upgrade is approved before the admin saves.
    const opened = await statsEdit('70.00', '20.00');
    const applicant = await f.vipApplicant();
    await f.admin('POST', `/api/admin/approve-vip/${applicant.requestId}`);
    await expectRefused(opened, 409, {
      message:
        'The figures changed to a total balance of ₱65.00 and upgrade earnings of ₱25.00 since you opened the editor. Check them and save again.',
      code: 'CONFLICT',
      currentTotalBalance: '65.00',
      currentUpgradeEarnings: '25.00',
    });
    // Either figure differing is enough.
    await expectRefused({ ...opened, expectedTotalBalance: '65.00' }, 409, expect.objectContaining({ currentUpgradeEarnings: '25.00' }));
    await expectRefused({ ...opened, expectedUpgradeEarnings: '25.00' }, 409, expect.objectContaining({ currentTotalBalance: '65.00' }));

    const again = await asAdmin('POST', '/update-stats', { ...opened, expectedTotalBalance: '65.00', expectedUpgradeEarnings: '25.00' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ totalBalance: '70.00', upgradeEarnings: '20.00' });
    await setFigures('60.00');
  });

  it('lets exactly one of several admins editing the same figures through', async () => {
    await setFigures('40.00', '10.00');
    const bodies = await Promise.all(['41.00', '42.00', '43.00', '44.00'].map((total) => statsEdit(total, '10.00')));
    const answers = await Promise.all(bodies.map((body) => asAdmin('POST', '/update-stats', body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json();
    expect(centavos(winner.totalBalance)).toBe((await figures()).totalBalance);
    await setFigures('40.00');
  });
});

describe('four eyes on the operator’s money', () => {
  /** A payout of ₱1.00 the operator asks for. */
  const request = () => operatorPayout('1.00');
  const approve = (cookie: string, id: string) => call(cookie, 'POST', `/payouts/${id}/status`, { status: 'approved' });
  const pay = (cookie: string, id: string) => call(cookie, 'POST', `/payouts/${id}/status`, { status: 'paid' });
  const OWN_EDIT = {
    message: 'You changed the commission balance before this payout was requested: another admin must approve it or mark it paid',
    code: 'FORBIDDEN',
  };

  it('refuses the admin whose edit last changed the balance to approve or pay the next payout (403), and lets another admin', async () => {
    await setFigures('30.00');
    const id = await request();
    for (const answer of [await approve(editor, id), await pay(editor, id)]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual(OWN_EDIT);
    }
    expect((await asAdmin('GET', '/payouts')).json().find((payout: { id: string }) => payout.id === id)).toMatchObject({
      status: 'pending',
    });
    expect(await f.logs('approve_commission_payout', id)).toEqual([]);

    expect((await approve(f.adminCookie, id)).json()).toMatchObject({ status: 'approved' });
    // Marking it paid is refused to the editor as well, once another admin approved it.
    expect((await pay(editor, id)).json()).toEqual(OWN_EDIT);
    expect((await pay(f.adminCookie, id)).json()).toMatchObject({ status: 'paid' });
  });

  it('lets that admin reject the payout', async () => {
    await setFigures('30.00');
    const id = await request();
    const rejected = await call(editor, 'POST', `/payouts/${id}/status`, { status: 'rejected', reason: 'Figures under review' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
  });

  it('follows the latest edit that changed the balance before the request: not a later one, not one that changed nothing', async () => {
    await setFigures('30.00', '10.00');
    // The operator asks; then f.admin changes the balance: that edit came after this request.
    const before = await request();
    expect((await asAdmin('POST', '/update-stats', await statsEdit('31.00', '10.00'))).statusCode).toBe(200);
    expect((await approve(f.adminCookie, before)).statusCode).toBe(200);
    // The editor's edit leaves the balance as it was (the same figures, or pesos moved between the two
    // earnings): f.admin's is still the latest that changed it.
    await setFigures('31.00', '10.00');
    await setFigures('31.00', '12.00');
    const after = await request();
    expect((await approve(f.adminCookie, after)).json()).toEqual(OWN_EDIT);
    expect((await approve(editor, after)).json()).toMatchObject({ status: 'approved' });
    await setFigures('30.00');
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
    const applicant = await f.vipApplicant();
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
        expect.stringMatching(
          /,Adjustment \(upgrade earnings\),Adjustment of upgrade earnings by an admin: Reconciled with the operator,,-?\d+\.\d{2},/,
        ),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`,${rejected},Commission payout,Commission payout via GCash,rejected,-7\\.00,`)),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`,${rejected},Commission payout rejected,Commission payout via GCash,rejected,7\\.00,`)),
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
    ['/update-stats', () => statsEdit('5', '0')],
    ['/payouts/some-payout/status', () => ({ status: 'paid' })],
  ])('lets only an unlocked admin call POST %s', async (path, body) => {
    const payload = await body();
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
