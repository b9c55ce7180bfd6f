import { formatAmount, staffMessages } from '@app/contracts';
import { type Db, postToLedger } from '@app/db';
import { newGcashDetails } from '@app/testkit/fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_IP, type AdminFixtures, adminAppOfFile } from './admin-fixtures';
import { insertTask, signIn, type TestApp } from './helpers';

let t: TestApp;
let db: Db;
let f: AdminFixtures;
let taskId: string;
const EXPECTED_BALANCE_REQUIRED = staffMessages.admin.expectedBalanceRequired;

adminAppOfFile('users', { gcashPayments: true }, (file) => {
  ({ t, db, f } = file);
});
beforeAll(async () => {
  taskId = await insertTask(db, { title: 'Watch Video', url: 'https://example.com/v', reward: 150 });
});

/** A member whose plan `vipTier` ended `msAgo` before the test's clock. */
async function memberWithLapsedPlan(vipTier: string, msAgo: number) {
  const member = await f.member();
  await db
    .updateTable('users')
    .set({ vipTier, vipExpiresAt: new Date(t.clock.now.getTime() - msAgo) })
    .where('id', '=', member.id)
    .execute();
  return member;
}

describe('statistics', () => {
  it('counts users, active and VIP members, pending approvals and payouts, and earnings from the database', async () => {
    const before = (await f.admin('GET', '/api/admin/stats')).json();

    const earner = await f.member({ balance: 60_000 });
    await db
      .transaction()
      .execute((trx) => postToLedger(trx, { userId: earner.id, type: 'earning', amount: 266, description: 'Task completed' }));
    await f.as(earner.cookie, 'POST', '/api/payouts', { paymentMethod: 'G-CASH', amount: '150.25', paymentDetails: newGcashDetails() });
    await f.as(earner.cookie, 'POST', '/api/vip/upgrade-with-earnings', { vipTier: 'VIP300' });
    await memberWithLapsedPlan('VIP300', 1000);
    const waiting = await f.member();
    await f.as(waiting.cookie, 'POST', '/api/vip/upgrade', { vipTier: 'VIP400', paymentInfo: { transactionProof: '4000000000001' } });
    const suspended = await f.member();
    await f.admin('POST', `/api/admin/users/${suspended.id}/status`, { status: 'suspended', reason: 'Review' });

    const response = await f.admin('GET', '/api/admin/stats');
    expect(response.statusCode).toBe(200);
    const after = response.json();
    expect(after).toEqual({
      totalUsers: before.totalUsers + 4,
      activeUsers: before.activeUsers + 3,
      vipUsers: before.vipUsers + 1,
      pendingVipApprovals: before.pendingVipApprovals + 1,
      pendingPayouts: (Number(before.pendingPayouts) + 150.25).toFixed(2),
      pendingPayoutCount: before.pendingPayoutCount + 1,
      totalEarnings: (Number(before.totalEarnings) + 2.66).toFixed(2),
      updatedAt: t.clock.now.toISOString(),
    });
  });
});

describe('the user list', () => {
  it('shows each user as admins see them, newest first, one page at a time', async () => {
    const ana = await f.member({ balance: 12_345, firstName: 'Annabel', lastName: 'Quintero' });
    const response = await f.admin('GET', `/api/admin/users?search=${ana.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 1,
      items: [
        {
          id: ana.id,
          email: ana.user.email,
          firstName: 'Annabel',
          lastName: 'Quintero',
          profileImageUrl: null,
          accountStatus: 'active',
          statusReason: null,
          vipTier: 'FREE',
          vipExpiresAt: null,
          vipPendingApproval: false,
          vipPaymentStatus: null,
          availableBalance: '123.45',
          pendingPayout: '0.00',
          totalEarnings: '0.00',
          createdAt: ana.user.createdAt.toISOString(),
          isAdmin: false,
        },
      ],
    });

    const all = (await f.admin('GET', '/api/admin/users?pageSize=200')).json();
    expect(all.total).toBe(
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    );
    const firstPage = (await f.admin('GET', '/api/admin/users?page=1&pageSize=2')).json();
    const secondPage = (await f.admin('GET', '/api/admin/users?page=2&pageSize=2')).json();
    expect(firstPage.items.map((u: { id: string }) => u.id)).toEqual(all.items.slice(0, 2).map((u: { id: string }) => u.id));
    expect(secondPage.items.map((u: { id: string }) => u.id)).toEqual(all.items.slice(2, 4).map((u: { id: string }) => u.id));
    expect(firstPage.total).toBe(all.total);
  });

  it('searches e-mail, first name, last name, full name and id, case-insensitive, wildcards taken literally', async () => {
    const zed = await f.member({ firstName: 'Zephyrine', lastName: 'Okonkwo' });
    // Sign-in refuses such an address; an identity provider might not, so it is set directly.
    await db.updateTable('users').set({ email: 'z_p%search@example.com' }).where('id', '=', zed.id).execute();
    const ids = async (search: string) =>
      (await f.admin('GET', `/api/admin/users?search=${encodeURIComponent(search)}`)).json().items.map((u: { id: string }) => u.id);
    expect(await ids('ZEPHYR')).toEqual([zed.id]);
    expect(await ids('okonk')).toEqual([zed.id]);
    expect(await ids('zephyrine okonkwo')).toEqual([zed.id]);
    expect(await ids('Z_P%SEARCH@')).toEqual([zed.id]);
    expect(await ids(zed.id.slice(0, 13).toUpperCase())).toEqual([zed.id]);
    // % and _ are letters here, not LIKE wildcards.
    expect(await ids('z%p')).toEqual([]);
    expect(await ids('zep_yrine')).toEqual([]);
  });

  it('counts every match of a search on each page of it, past its last page and when nothing matches', async () => {
    await Promise.all([1, 2, 3].map((n) => f.member({ firstName: 'Quillon', lastName: `Paging${n}` })));
    const search = async (query: string) => (await f.admin('GET', `/api/admin/users?${query}`)).json();
    const ids = (page: { items: { id: string }[] }) => page.items.map((u) => u.id);
    const all = ids(await search('search=quillon&pageSize=10'));
    expect(all).toHaveLength(3);

    const firstPage = await search('search=quillon&pageSize=2');
    expect({ ids: ids(firstPage), total: firstPage.total }).toEqual({ ids: all.slice(0, 2), total: 3 });
    const lastPage = await search('search=quillon&pageSize=2&page=2');
    expect({ ids: ids(lastPage), total: lastPage.total }).toEqual({ ids: all.slice(2), total: 3 });
    expect(await search('search=quillon&pageSize=2&page=5')).toEqual({ items: [], total: 3 });
    expect(await search('search=no-such-person-anywhere')).toEqual({ items: [], total: 0 });
    expect(await search('search=quillon&filter=banned')).toEqual({ items: [], total: 0 });
  });

  it('filters by pending VIP, VIP in force and account status', async () => {
    const pending = await f.member();
    await f.as(pending.cookie, 'POST', '/api/vip/upgrade', { vipTier: 'VIP300', paymentInfo: { transactionProof: '3000000000011' } });
    const vip = await f.member({ balance: 30_000 });
    await f.as(vip.cookie, 'POST', '/api/vip/upgrade-with-earnings', { vipTier: 'VIP300' });
    const lapsed = await memberWithLapsedPlan('VIP500', 1);
    const banned = await f.member();
    await f.admin('POST', `/api/admin/users/${banned.id}/status`, { status: 'banned', reason: 'Fraud' });

    const listed = async (filter: string) =>
      (await f.admin('GET', `/api/admin/users?filter=${filter}&pageSize=200`)).json().items.map((u: { id: string }) => u.id);
    expect(await listed('pending')).toContain(pending.id);
    expect(await listed('pending')).not.toContain(vip.id);
    expect(await listed('vip')).toContain(vip.id);
    expect(await listed('vip')).not.toContain(lapsed.id);
    expect(await listed('banned')).toEqual([banned.id]);
    expect(await listed('active')).not.toContain(banned.id);
    expect(await listed('suspended')).not.toContain(banned.id);
  });

  it.each([
    ['filter=everyone', 'Filter must be pending, vip, active, suspended or banned'],
    ['page=0', 'Page must be a whole number of at least 1'],
    ['page=1.5', 'Page must be a whole number of at least 1'],
    ['page=abc', 'Page must be a whole number of at least 1'],
    ['page=99999999999', 'Page must be a whole number of at least 1'],
    ['pageSize=201', 'Page size must be a whole number from 1 to 200'],
    ['pageSize=0', 'Page size must be a whole number from 1 to 200'],
    [`search=${'x'.repeat(201)}`, 'Search must be text of at most 200 characters'],
    ['search=a&search=b', 'Search must be text of at most 200 characters'],
  ])('refuses ?%s with “%s”', async (query, message) => {
    const response = await f.admin('GET', `/api/admin/users?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });
});

describe('account status', () => {
  it('suspends with a reason: the member can read but not earn, until reactivated', async () => {
    const { cookie, id } = await f.member();
    const suspended = await f.admin('POST', `/api/admin/users/${id}/status`, { status: 'suspended', reason: 'Unusual activity' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ id, accountStatus: 'suspended', statusReason: 'Unusual activity' });

    const self = await f.as(cookie, 'GET', '/api/auth/user');
    expect(self.statusCode).toBe(200);
    expect(self.json()).toMatchObject({ accountStatus: 'suspended', statusReason: 'Unusual activity' });
    const start = await f.as(cookie, 'POST', `/api/tasks/${taskId}/start`, {});
    expect(start.statusCode).toBe(403);
    expect(start.json()).toEqual({ message: 'This account is suspended: Unusual activity', code: 'FORBIDDEN' });

    const [log] = await f.logs('update_user_status', id);
    expect(log).toMatchObject({
      adminId: f.adminId,
      ipAddress: ADMIN_IP,
      details: { from: 'active', to: 'suspended', reason: 'Unusual activity' },
    });

    const reactivated = await f.admin('POST', `/api/admin/users/${id}/status`, { status: 'active', reason: '' });
    expect(reactivated.json()).toMatchObject({ accountStatus: 'active', statusReason: null });
    expect((await f.as(cookie, 'GET', '/api/auth/user')).json()).toMatchObject({ accountStatus: 'active', statusReason: null });
    expect((await f.as(cookie, 'POST', `/api/tasks/${taskId}/start`, {})).statusCode).toBe(200);
    expect(await f.logs('update_user_status', id)).toHaveLength(2);
  });

  it('bans: every session ends and the member cannot sign in again', async () => {
    const { cookie, id, user } = await f.member();
    const second = await signIn(t.app, user.email);
    const banned = await f.admin('POST', `/api/admin/users/${id}/status`, { status: 'banned', reason: 'Fraud' });
    expect(banned.json()).toMatchObject({ accountStatus: 'banned', statusReason: 'Fraud' });

    const sessions = await db.selectFrom('sessions').select('id').where('userId', '=', id).execute();
    expect(sessions).toEqual([]);
    expect((await f.as(cookie, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await f.as(second, 'GET', '/api/auth/user')).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: user.email } });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This account has been banned.');
  });

  it.each([
    ['suspended', 'Please give a reason for the suspension: the member sees it while signed in'],
    ['banned', 'Please give a reason for the ban: it is kept with the account and in the activity log'],
  ])('refuses to make an account %s without a reason, and leaves it active', async (status, message) => {
    const { cookie, id } = await f.member();
    for (const reason of [undefined, null, '', '   ']) {
      const response = await f.admin('POST', `/api/admin/users/${id}/status`, { status, ...(reason === undefined ? {} : { reason }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
    }
    expect((await f.as(cookie, 'GET', '/api/auth/user')).json()).toMatchObject({ accountStatus: 'active' });
    expect(await f.logs('update_user_status', id)).toEqual([]);
  });

  it('refuses a status outside the list, an unknown user and the admin’s own account', async () => {
    const { id } = await f.member();
    const wrong = await f.admin('POST', `/api/admin/users/${id}/status`, { status: 'frozen' });
    expect(wrong.json()).toEqual({ message: 'Status must be active, suspended or banned', code: 'BAD_REQUEST' });
    const long = await f.admin('POST', `/api/admin/users/${id}/status`, { status: 'suspended', reason: 'x'.repeat(501) });
    expect(long.json()).toEqual({ message: 'Reason must be at most 500 characters', code: 'BAD_REQUEST' });
    const unknown = await f.admin('POST', '/api/admin/users/nobody/status', { status: 'suspended', reason: 'Review' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    const own = await f.admin('POST', `/api/admin/users/${f.adminId}/status`, { status: 'banned', reason: 'Slip' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot change the status of your own account');
    expect(await f.logs('update_user_status', id)).toEqual([]);
  });
});

/** The balance editor's save, as the unlocked admin. */
const editBalance = (userId: string, edit: object) => f.admin('PUT', `/api/admin/users/${userId}/balance`, edit);

/** A balance edit meant to be refused: its status and body, once checked that it logged nothing. */
async function refusedEdit(userId: string, edit: object) {
  const response = await editBalance(userId, edit);
  expect(await f.logs('update_balance', userId)).toEqual([]);
  return { status: response.statusCode, body: response.json() };
}

describe('balance editor', () => {
  it('sets the available balance through one admin adjustment with the admin’s reason', async () => {
    const { cookie, id } = await f.member({ balance: 10_000 });
    // Each edit a second later, so the ledger's order is the order of the edits.
    const later = () => {
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
    };
    later();
    const raised = await editBalance(id, { newBalance: '250.50', expectedBalance: '100.00', reason: 'Bonus for the survey' });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ id, availableBalance: '250.50' });
    expect((await f.as(cookie, 'GET', '/api/auth/user')).json().availableBalance).toBe('250.50');

    later();
    const lowered = await editBalance(id, { newBalance: 0, expectedBalance: '250.50', reason: 'Survey bonus paid twice' });
    expect(lowered.json().availableBalance).toBe('0.00');

    const rows = await db
      .selectFrom('transactions')
      .select(['type', 'amount', 'description', 'adminId'])
      .where('userId', '=', id)
      .orderBy('createdAt')
      .execute();
    expect(rows).toEqual([
      { type: 'admin_adjustment', amount: 10_000, description: 'Opening balance', adminId: null },
      { type: 'admin_adjustment', amount: 15_050, description: 'Bonus for the survey', adminId: f.adminId },
      { type: 'admin_adjustment', amount: -25_050, description: 'Survey bonus paid twice', adminId: f.adminId },
    ]);
    const [latest] = (await f.as(cookie, 'GET', '/api/transactions')).json();
    expect(latest).toMatchObject({ type: 'admin_adjustment', amount: '-250.50', availableChange: '-250.50' });

    // Each log row names the ledger row it wrote (docs/product-rules.md#evidence).
    const [, raiseRow, lowerRow] = await db.selectFrom('transactions').select('id').where('userId', '=', id).orderBy('seq').execute();
    const logs = await f.logs('update_balance', id);
    expect(logs.map((log) => log.details)).toEqual([
      { previousBalance: '100.00', newBalance: '250.50', adjustment: '150.50', reason: 'Bonus for the survey', ledgerRowId: raiseRow?.id },
      {
        previousBalance: '250.50',
        newBalance: '0.00',
        adjustment: '-250.50',
        reason: 'Survey bonus paid twice',
        ledgerRowId: lowerRow?.id,
      },
    ]);
    expect(logs.every((log) => log.ipAddress === ADMIN_IP && log.adminId === f.adminId)).toBe(true);
  });

  it('writes no ledger row when the balance is already right, but still logs the edit', async () => {
    const { id } = await f.member({ balance: 5_000 });
    const same = await editBalance(id, { newBalance: '50', expectedBalance: 50, reason: 'Checked' });
    expect(same.json().availableBalance).toBe('50.00');
    const rows = await db.selectFrom('transactions').select('id').where('userId', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(await f.logs('update_balance', id)).toHaveLength(1);
  });

  it('leaves a pending payout pending', async () => {
    const { cookie, id } = await f.member({ balance: 50_000 });
    await f.as(cookie, 'POST', '/api/payouts', { paymentMethod: 'G-CASH', amount: 200, paymentDetails: newGcashDetails() });
    const edited = await editBalance(id, { newBalance: 10, expectedBalance: 300, reason: 'Correction' });
    expect(edited.json()).toMatchObject({ availableBalance: '10.00', pendingPayout: '200.00' });
  });

  it.each([
    [{ expectedBalance: 10, reason: 'r' }, 'New balance is required'],
    [{ newBalance: '', expectedBalance: 10, reason: 'r' }, 'New balance is required'],
    [{ newBalance: null, expectedBalance: 10, reason: 'r' }, 'New balance is required'],
    [{ newBalance: -1, expectedBalance: 10, reason: 'r' }, 'Balance must be a number of at least 0 with at most 2 decimals'],
    [{ newBalance: '-1', expectedBalance: 10, reason: 'r' }, 'Balance must be a number of at least 0 with at most 2 decimals'],
    [{ newBalance: '1e3', expectedBalance: 10, reason: 'r' }, 'Balance must be a number of at least 0 with at most 2 decimals'],
    [{ newBalance: '10.001', expectedBalance: 10, reason: 'r' }, 'Use at most 2 decimal places'],
    [{ newBalance: 'ten', expectedBalance: 10, reason: 'r' }, 'Balance must be a number of at least 0 with at most 2 decimals'],
    [{ newBalance: 'Infinity', expectedBalance: 10, reason: 'r' }, 'Balance must be a number of at least 0 with at most 2 decimals'],
    [{ newBalance: 10, expectedBalance: 'ten', reason: 'r' }, 'Balance must be a number of at least 0 with at most 2 decimals'],
    [{ newBalance: 10, expectedBalance: -5, reason: 'r' }, 'Balance must be a number of at least 0 with at most 2 decimals'],
    [{ newBalance: 10, reason: 'r' }, EXPECTED_BALANCE_REQUIRED],
    [{ newBalance: 10, expectedBalance: null, reason: 'r' }, EXPECTED_BALANCE_REQUIRED],
    [{ newBalance: 10, expectedBalance: '', reason: 'r' }, EXPECTED_BALANCE_REQUIRED],
    [{ newBalance: 10, expectedBalance: 10 }, 'Please give a reason for the balance change'],
    [{ newBalance: 10, expectedBalance: 10, reason: '   ' }, 'Please give a reason for the balance change'],
    [{ newBalance: 10, expectedBalance: 10, reason: null }, 'Please give a reason for the balance change'],
    [{ newBalance: 10, expectedBalance: 10, reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
  ])('refuses %j with “%s”', async (payload, message) => {
    const { id } = await f.member({ balance: 1_000 });
    expect(await refusedEdit(id, payload)).toEqual({ status: 400, body: { message, code: 'BAD_REQUEST' } });
  });

  it('refuses an edit made on a balance that has changed since, with the balance as it is now, and changes nothing', async () => {
    const { cookie, id } = await f.member({ balance: 50_000 });
    // The admin opens the editor at ₱500.00; the member requests a payout before the admin saves.
    await f.as(cookie, 'POST', '/api/payouts', { paymentMethod: 'G-CASH', amount: 200, paymentDetails: '09171234567 Juan Dela Cruz' });
    expect(await refusedEdit(id, { newBalance: '600.00', expectedBalance: '500.00', reason: 'Goodwill credit' })).toEqual({
      status: 409,
      body: {
        message: 'The balance changed to ₱300.00 since you opened it. Check it and save again.',
        code: 'CONFLICT',
        currentBalance: '300.00',
      },
    });
    expect((await f.as(cookie, 'GET', '/api/auth/user')).json()).toMatchObject({ availableBalance: '300.00', pendingPayout: '200.00' });

    // Saved again against what it is now, the edit goes through.
    const fresh = await editBalance(id, { newBalance: '600.00', expectedBalance: '300.00', reason: 'Goodwill credit' });
    expect(fresh.json()).toMatchObject({ availableBalance: '600.00', pendingPayout: '200.00' });
  });

  it('lets exactly one of several admins editing the same balance through, never landing between them', async () => {
    const { id } = await f.member({ balance: 1_000 });
    const answers = await Promise.all(
      [5, 17, 0, 42.5, 3].map((newBalance) => editBalance(id, { newBalance, expectedBalance: '10.00', reason: 'Race' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await f.logs('update_balance', id)).toHaveLength(1);
    const user = await db.selectFrom('users').select('availableBalance').where('id', '=', id).executeTakeFirstOrThrow();
    const winner = answers.find((answer) => answer.statusCode === 200);
    expect(formatAmount(user.availableBalance)).toBe(winner?.json().availableBalance);
  });

  it('refuses an edit without the balance the admin saw, and changes nothing', async () => {
    const { cookie, id } = await f.member({ balance: 50_000 });
    expect(await refusedEdit(id, { newBalance: '0', reason: 'Blind overwrite' })).toEqual({
      status: 400,
      body: { message: EXPECTED_BALANCE_REQUIRED, code: 'BAD_REQUEST' },
    });
    expect(EXPECTED_BALANCE_REQUIRED).toContain('expectedBalance');
    expect((await f.as(cookie, 'GET', '/api/auth/user')).json().availableBalance).toBe('500.00');
    const rows = await db.selectFrom('transactions').select('id').where('userId', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('never raises a balance above the ceiling (₱1,000,000.00 unless BALANCE_CEILING says otherwise), naming it', async () => {
    const { cookie, id } = await f.member({ balance: 5_000 });
    expect(await refusedEdit(id, { newBalance: '1,000,000.01', expectedBalance: '50.00', reason: 'Jackpot' })).toEqual({
      status: 400,
      body: { message: 'A balance cannot be raised above the ceiling of ₱1,000,000.00', code: 'BAD_REQUEST', balanceCeiling: '1000000.00' },
    });
    expect((await f.as(cookie, 'GET', '/api/auth/user')).json().availableBalance).toBe('50.00');

    const atCeiling = await editBalance(id, { newBalance: 1_000_000, expectedBalance: 50, reason: 'Prize' });
    expect(atCeiling.json()).toMatchObject({ availableBalance: '1000000.00' });
  });

  it('answers 404 for an unknown user', async () => {
    const response = await editBalance('nobody', { newBalance: 10, expectedBalance: 10, reason: 'r' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('User not found');
  });
});

describe('activity logs', () => {
  it('lists admin actions newest first with the admin, target, details and address, one page at a time', async () => {
    const { id, user } = await f.member();
    await editBalance(id, { newBalance: 1, expectedBalance: 0, reason: 'First' });
    await editBalance(id, { newBalance: 2, expectedBalance: 1, reason: 'Second' });
    const page = (await f.admin('GET', '/api/admin/logs?pageSize=2')).json();
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({
      adminId: f.adminId,
      adminEmail: 'users-admin@example.com',
      action: 'update_balance',
      targetId: id,
      targetEmail: user.email,
      details: { reason: 'Second', newBalance: '2.00' },
      ipAddress: ADMIN_IP,
    });
    expect(page.items[1].details.reason).toBe('First');
    const next = (await f.admin('GET', '/api/admin/logs?page=2&pageSize=2')).json();
    expect(next.items[0].id).not.toBe(page.items[1].id);
  });

  it('names the member of a payout decision, whose id is not the target', async () => {
    const { id, user, cookie } = await f.member();
    await db
      .transaction()
      .execute((trx) => postToLedger(trx, { userId: id, type: 'admin_adjustment', amount: 50_000, description: 'Funds' }));
    const payout = (
      await f.as(cookie, 'POST', '/api/payouts', { paymentMethod: 'G-CASH', amount: 200, paymentDetails: '09171234500 Juan Dela Cruz' })
    ).json();
    await f.admin('POST', `/api/admin/payout/${payout.id}/status`, { status: 'approved' });
    const [log] = (await f.admin('GET', '/api/admin/logs?pageSize=1')).json().items;
    expect(log).toMatchObject({ action: 'approve_payout', targetId: payout.id, targetEmail: user.email });
  });
});
