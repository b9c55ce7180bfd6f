import { type Db, postToLedger } from '@app/db';
import { describe, expect, it } from 'vitest';
import { type AdminFixtures, adminAppOfFile } from './admin-fixtures';
import { postUnlock, signIn, signInUnlockedAdmin, type TestApp } from './helpers';

/**
 * Where admin powers end: money an admin would pay or give themself needs another admin, a suspended or
 * banned admin has none left (sessions already open included), and ADMIN_EMAILS decides who is an admin.
 */

let t: TestApp;
let db: Db;
let f: AdminFixtures;

adminAppOfFile('powers', { gcashPayments: true }, (file) => {
  ({ t, db, f } = file);
});

/** The admin of the fixtures as a member: with money, a pending payout and a pending VIP request. */
async function adminWithOwnRequests() {
  await db
    .transaction()
    .execute((trx) => postToLedger(trx, { userId: f.adminId, type: 'admin_adjustment', amount: 100_000, description: 'Opening balance' }));
  const payout = await f.admin('POST', '/api/payouts', {
    paymentMethod: 'G-CASH',
    amount: 200,
    paymentDetails: '09171234567 Juan Dela Cruz',
  });
  expect(payout.statusCode).toBe(200);
  const proof = f.paymentReference();
  const vip = await f.admin('POST', '/api/vip/upgrade', { vipTier: 'VIP300', paymentInfo: { transactionProof: proof } });
  expect(vip.statusCode).toBe(200);
  const request = await db.selectFrom('vipRequests').select('id').where('transactionProof', '=', proof).executeTakeFirstOrThrow();
  return { payoutId: payout.json().id as string, vipRequestId: request.id };
}

describe('an admin’s own money', () => {
  it('cannot be approved or edited by that admin (403), but another admin can', async () => {
    const { payoutId, vipRequestId } = await adminWithOwnRequests();
    const own = [
      [
        await f.admin('POST', `/api/admin/payout/${payoutId}/status`, { status: 'approved' }),
        'You cannot approve your own payout: another admin must decide it',
      ],
      [
        await f.admin('PUT', `/api/admin/payout/${payoutId}/status`, { status: 'approved' }),
        'You cannot approve your own payout: another admin must decide it',
      ],
      [
        await f.admin('POST', `/api/admin/approve-vip/${vipRequestId}`),
        'You cannot approve your own VIP request: another admin must decide it',
      ],
      [
        await f.admin('POST', `/api/admin/users/${f.adminId}/vip-approval`),
        'You cannot approve your own VIP request: another admin must decide it',
      ],
      [
        await f.admin('PUT', `/api/admin/users/${f.adminId}/balance`, { newBalance: '99999', expectedBalance: 0, reason: 'Mine' }),
        'You cannot change your own balance: another admin must do it',
      ],
    ] as const;
    for (const [response, message] of own) {
      expect(response.statusCode).toBe(403);
      // An own payout names its refusal as a batch reports it (docs/api-conventions.md#errors).
      const refused = message.includes('own payout') ? { refused: 'own_payout' } : {};
      expect(response.json()).toEqual({ message, code: 'FORBIDDEN', ...refused });
    }
    const payout = await db.selectFrom('payouts').select('status').where('id', '=', payoutId).executeTakeFirstOrThrow();
    expect(payout.status).toBe('pending');
    expect(await f.logs('approve_payout', payoutId)).toEqual([]);

    const colleague = await signInUnlockedAdmin(t, 'powers-colleague@example.com');
    const approve = (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: colleague }, ...(payload ? { payload } : {}) });
    expect((await approve(`/api/admin/payout/${payoutId}/status`, { status: 'approved' })).statusCode).toBe(200);
    expect((await approve(`/api/admin/approve-vip/${vipRequestId}`)).statusCode).toBe(200);
  });

  it('may still be declined by that admin: declining pays nobody', async () => {
    const payout = await f.admin('POST', '/api/payouts', {
      paymentMethod: 'G-CASH',
      amount: 150,
      paymentDetails: '09171234567 Juan Dela Cruz',
    });
    expect(payout.statusCode).toBe(200);
    const declined = await f.admin('POST', `/api/admin/payout/${payout.json().id}/status`, {
      status: 'declined',
      reason: 'Sent by mistake',
    });
    expect(declined.statusCode).toBe(200);
  });
});

describe('a suspended or banned admin', () => {
  it('loses every admin power at once, in sessions already open too, and gets them back when active again', async () => {
    const suspended = await signInUnlockedAdmin(t, 'powers-suspended@example.com');
    const suspendedId = (
      await db.selectFrom('users').select('id').where('email', '=', 'powers-suspended@example.com').executeTakeFirstOrThrow()
    ).id;
    const asSuspended = (url: string) => t.app.inject({ url, headers: { cookie: suspended } });
    expect((await asSuspended('/api/admin/stats')).statusCode).toBe(200);

    expect(
      (await f.admin('POST', `/api/admin/users/${suspendedId}/status`, { status: 'suspended', reason: 'Under review' })).statusCode,
    ).toBe(200);
    for (const url of ['/api/admin/stats', '/api/admin/users', '/api/admin/pending-payouts', '/api/admin/percentage/stats']) {
      const response = await asSuspended(url);
      expect([401, 403], url).toContain(response.statusCode);
    }
    expect((await asSuspended('/api/auth/user')).json()).toMatchObject({ isAdmin: false, adminUnlocked: false });
    // Nor does the maintenance screen let them through any more.
    await db.updateTable('systemSettings').set({ maintenance: true }).execute();
    try {
      expect((await asSuspended('/api/tasks')).statusCode).toBe(503);
    } finally {
      await db.updateTable('systemSettings').set({ maintenance: false }).execute();
    }

    expect((await f.admin('POST', `/api/admin/users/${suspendedId}/status`, { status: 'active', reason: 'Cleared' })).statusCode).toBe(200);
    expect((await asSuspended('/api/admin/stats')).statusCode).toBe(200);

    expect((await f.admin('POST', `/api/admin/users/${suspendedId}/status`, { status: 'banned', reason: 'Fraud' })).statusCode).toBe(200);
    expect((await asSuspended('/api/admin/stats')).statusCode).toBe(401);
  });
});

describe('ADMIN_EMAILS', () => {
  it('revokes admin at the next request of an address taken out of the list', async () => {
    const cookie = await signInUnlockedAdmin(t, 'powers-removed@example.com');
    expect((await t.app.inject({ url: '/api/admin/stats', headers: { cookie } })).statusCode).toBe(200);

    // An operator edits ADMIN_EMAILS (this app's live list) and restarts nothing.
    const list = t.config.ADMIN_EMAILS;
    list.splice(list.indexOf('powers-removed@example.com'), 1);
    const refused = await t.app.inject({ url: '/api/admin/stats', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Admin access required');
    const row = await db.selectFrom('users').select('isAdmin').where('email', '=', 'powers-removed@example.com').executeTakeFirstOrThrow();
    expect(row.isAdmin).toBe(false);

    // Back on the list, admin comes back with the next sign-in, not before.
    list.push('powers-removed@example.com');
    expect((await t.app.inject({ url: '/api/admin/stats', headers: { cookie } })).statusCode).toBe(403);
    const again = await signIn(t.app, 'powers-removed@example.com');
    const unlocked = await postUnlock(t, again);
    expect(unlocked.statusCode).toBe(200);
  });

  it('never makes an admin of an account marked admin whose e-mail is not on the list', async () => {
    const cookie = await signIn(t.app, 'powers-marked@example.com');
    await db.updateTable('users').set({ isAdmin: true }).where('email', '=', 'powers-marked@example.com').execute();
    const response = await postUnlock(t, cookie);
    expect(response.statusCode).toBe(403);
  });
});
