import { messages, staffMessages } from '@app/contracts';
import { type Db, postToLedger } from '@app/db';
import { describe, expect, it } from 'vitest';
import { ADMIN_IP, type AdminFixtures, adminAppOfFile } from './admin-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let db: Db;
let f: AdminFixtures;

adminAppOfFile('money', { gcashPayments: true }, (file) => {
  ({ t, db, f } = file);
});

const DAY = 86_400_000;

/**
 * An admin queue of at least three items answers unpaged as an array with its length in X-Total-Count,
 * pages of two without overlap in the same order, and a search by the (upper-cased) e-mail of one
 * member only their item; a percent sign is taken literally and a page size of 0 is refused.
 */
async function expectPagedAndSearched(url: string, one: { id: string; email: string }) {
  const unpaged = await f.admin('GET', url);
  expect(unpaged.statusCode).toBe(200);
  expect(Array.isArray(unpaged.json())).toBe(true);
  const total = Number(unpaged.headers['x-total-count']);
  expect(total).toBe(unpaged.json().length);
  expect(total).toBeGreaterThanOrEqual(3);
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  const firstPage = (await f.admin('GET', `${url}?page=1&pageSize=2`)).json();
  expect(firstPage).toMatchObject({ total });
  expect(firstPage.items).toHaveLength(2);
  const secondPage = (await f.admin('GET', `${url}?page=2&pageSize=2`)).json();
  expect(secondPage.total).toBe(total);
  const seen = [...ids(firstPage.items), ...ids(secondPage.items)];
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).toEqual(ids(unpaged.json()).slice(0, seen.length));

  const found = (await f.admin('GET', `${url}?page=1&search=${encodeURIComponent(one.email.toUpperCase())}`)).json();
  expect(found).toEqual({ total: 1, items: [expect.objectContaining(one)] });
  const searchedUnpaged = await f.admin('GET', `${url}?search=${encodeURIComponent(one.email)}`);
  expect(ids(searchedUnpaged.json())).toEqual([one.id]);
  expect(searchedUnpaged.headers['x-total-count']).toBe('1');
  expect((await f.admin('GET', `${url}?page=1&search=%25`)).json()).toEqual({ total: 0, items: [] });
  expect((await f.admin('GET', `${url}?pageSize=0`)).statusCode).toBe(400);
}

describe('VIP approvals', () => {
  it('lists pending requests and approves one: the tier runs 15 days, the operator and the sponsor are paid', async () => {
    const sponsor = await f.member({ firstName: 'Sol' });
    const applicant = await f.vipApplicant('VIP300', sponsor.user.referralCode);

    const pending = (await f.admin('GET', '/api/admin/pending-vip')).json();
    expect(pending).toContainEqual({
      id: applicant.requestId,
      userId: applicant.id,
      email: applicant.user.email,
      vipTier: 'VIP300',
      vipPaymentStatus: 'pending',
      vipTransactionReference: applicant.proof,
      createdAt: t.clock.now.toISOString(),
    });

    const approved = await f.admin('POST', `/api/admin/approve-vip/${applicant.requestId}`);
    expect(approved.statusCode).toBe(200);
    const expiresAt = new Date(t.clock.now.getTime() + 15 * DAY).toISOString();
    expect(approved.json()).toMatchObject({
      id: applicant.id,
      vipTier: 'VIP300',
      vipExpiresAt: expiresAt,
      vipPendingApproval: false,
      vipPaymentStatus: 'approved',
    });
    expect((await f.as(applicant.cookie, 'GET', '/api/vip/status')).json()).toMatchObject({
      vipTier: 'VIP300',
      vipExpiresAt: expiresAt,
      vipPendingApproval: false,
      dailyTaskLimit: 10,
    });
    expect((await f.admin('GET', '/api/admin/pending-vip')).json().map((r: { id: string }) => r.id)).not.toContain(applicant.requestId);

    const commission = await db
      .selectFrom('commissionEntries')
      .select(['kind', 'amount'])
      .where('sourceId', '=', applicant.requestId)
      .execute();
    expect(commission).toEqual([{ kind: 'upgrade', amount: 500 }]);
    expect((await f.as(sponsor.cookie, 'GET', '/api/auth/user')).json()).toMatchObject({
      availableBalance: '50.00',
      referralEarnings: '50.00',
    });

    const [log] = await f.logs('approve_vip', applicant.id);
    expect(log).toMatchObject({ adminId: f.adminId, ipAddress: ADMIN_IP, details: { requestId: applicant.requestId, plan: 'VIP300' } });

    // Still VIP at the last moment of day 15, FREE after it (expiry is decided when read).
    const approvedAt = t.clock.now;
    try {
      t.clock.now = new Date(approvedAt.getTime() + 15 * DAY - 1);
      expect((await f.as(applicant.cookie, 'GET', '/api/vip/status')).json().vipTier).toBe('VIP300');
      t.clock.now = new Date(approvedAt.getTime() + 15 * DAY);
      expect((await f.as(applicant.cookie, 'GET', '/api/vip/status')).json().vipTier).toBe('FREE');
    } finally {
      t.clock.now = approvedAt;
    }
  });

  it('approves once: a second approval is a conflict, an unknown request is not found', async () => {
    const applicant = await f.vipApplicant();
    const answers = await Promise.all([1, 2, 3].map(() => f.admin('POST', `/api/admin/approve-vip/${applicant.requestId}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual({
      message: 'Already approved',
      code: 'CONFLICT',
      decided: 'approved',
    });
    expect(await db.selectFrom('commissionEntries').select('id').where('sourceId', '=', applicant.requestId).execute()).toHaveLength(1);
    expect(await f.logs('approve_vip', applicant.id)).toHaveLength(1);

    const unknown = await f.admin('POST', '/api/admin/approve-vip/no-such-request');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('VIP request not found');
  });

  it('approves a user’s pending request from the user list', async () => {
    const applicant = await f.vipApplicant('VIP500');
    const approved = await f.admin('POST', `/api/admin/users/${applicant.id}/vip-approval`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: applicant.id, vipTier: 'VIP500', vipPendingApproval: false });

    const again = await f.admin('POST', `/api/admin/users/${applicant.id}/vip-approval`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This user has no pending VIP request');
    const unknown = await f.admin('POST', '/api/admin/users/nobody/vip-approval');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
  });

  it('rejects with a reason: pending clears and the member may ask again', async () => {
    const applicant = await f.vipApplicant('VIP400');
    const noReason = await f.admin('POST', `/api/admin/reject-vip/${applicant.requestId}`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: 'Please give a reason for the rejection', code: 'BAD_REQUEST' });

    const rejected = await f.admin('POST', `/api/admin/reject-vip/${applicant.requestId}`, { reason: 'Payment not received' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ vipTier: 'FREE', vipPendingApproval: false, vipPaymentStatus: 'rejected' });
    expect((await f.as(applicant.cookie, 'GET', '/api/vip/status')).json()).toMatchObject({
      vipPendingApproval: false,
      pendingVipTier: null,
      pendingSince: null,
      pendingReference: null,
      lastRejection: { vipTier: 'VIP400', reason: 'Payment not received', at: t.clock.now.toISOString() },
    });
    const { items: notices } = (await f.as(applicant.cookie, 'GET', '/api/notifications')).json();
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'VIP request not approved',
          message: 'Your request for VIP 400 was not approved: Payment not received. You can ask again with another G-CASH reference.',
        }),
      ]),
    );
    const [log] = await f.logs('reject_vip', applicant.id);
    expect(log?.details).toEqual({ requestId: applicant.requestId, plan: 'VIP400', reason: 'Payment not received' });

    const twice = await f.admin('POST', `/api/admin/reject-vip/${applicant.requestId}`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Already rejected');
    const approveRejected = await f.admin('POST', `/api/admin/approve-vip/${applicant.requestId}`);
    expect(approveRejected.statusCode).toBe(409);
    const unknown = await f.admin('POST', '/api/admin/reject-vip/nothing', { reason: 'No' });
    expect(unknown.statusCode).toBe(404);

    const againProof = f.paymentReference();
    const askedAgain = await f.as(applicant.cookie, 'POST', '/api/vip/upgrade', {
      vipTier: 'VIP400',
      paymentInfo: { transactionProof: againProof },
    });
    expect(askedAgain.statusCode).toBe(200);
    // Asking again puts the refusal behind: the new request is what the member sees, with its reference.
    expect((await f.as(applicant.cookie, 'GET', '/api/vip/status')).json()).toMatchObject({
      pendingVipTier: 'VIP400',
      pendingSince: t.clock.now.toISOString(),
      pendingReference: againProof,
      lastRejection: null,
    });
    expect(await db.selectFrom('commissionEntries').select('id').where('sourceId', '=', applicant.requestId).execute()).toEqual([]);
  });

  it('pages and searches the VIP queue when asked, and otherwise answers it as an array with the total in X-Total-Count', async () => {
    const mine = [await f.vipApplicant(), await f.vipApplicant('VIP400'), await f.vipApplicant('VIP500')];
    await expectPagedAndSearched('/api/admin/pending-vip', { id: mine[1]!.requestId, email: mine[1]!.user.email });
  });

  it('answers a queue longer than 100 unpaged with the first 100 and the whole length in X-Total-Count; pages give the rest', async () => {
    // 101 more requests than any earlier test left, made after them so they wait last.
    const later = new Date(t.clock.now.getTime() + 1000);
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: 101 }, (_, index) => ({ email: `money-queue${index}@example.com`, referralCode: `QUEUE${100 + index}` })),
      )
      .returning('id')
      .execute();
    const seeded = await db
      .insertInto('vipRequests')
      .values(
        users.map((user, index) => ({
          userId: user.id,
          planId: 'VIP300',
          paymentMethod: 'gcash' as const,
          transactionProof: String(2_000_000_000_000 + index),
          price: 30_000,
          status: 'pending' as const,
          reason: null,
          decidedBy: null,
          decidedAt: null,
          createdAt: new Date(later.getTime() + index),
        })),
      )
      .returning('id')
      .execute();
    try {
      const unpaged = await f.admin('GET', '/api/admin/pending-vip');
      expect(unpaged.statusCode).toBe(200);
      expect(unpaged.json()).toHaveLength(100);
      const total = Number(unpaged.headers['x-total-count']);
      expect(total).toBeGreaterThan(100);
      expect(total).toBeGreaterThanOrEqual(seeded.length);

      const rest = (await f.admin('GET', '/api/admin/pending-vip?page=2&pageSize=100')).json();
      expect(rest.total).toBe(total);
      expect(rest.items).toHaveLength(total - 100);
      const ids = [...unpaged.json(), ...rest.items].map((request: { id: string }) => request.id);
      expect(new Set(ids).size).toBe(total);
      expect(ids).toEqual(expect.arrayContaining(seeded.map((request) => request.id)));
    } finally {
      await db
        .deleteFrom('vipRequests')
        .where(
          'id',
          'in',
          seeded.map((request) => request.id),
        )
        .execute();
    }
  });
});

describe('payouts', () => {
  const money = async (cookie: string) => {
    const me = (await f.as(cookie, 'GET', '/api/auth/user')).json();
    return { available: me.availableBalance, pending: me.pendingPayout, paidOut: me.totalPaidOut };
  };

  it('lists pending payouts with the member and the account type', async () => {
    const { id, user, payoutId, paymentDetails, mobile } = await f.payoutRequester();
    const listed = (await f.admin('GET', '/api/admin/pending-payouts')).json();
    expect(listed).toContainEqual({
      id: payoutId,
      userId: id,
      email: user.email,
      firstName: 'Paz',
      lastName: 'Reyes',
      amount: '200.00',
      paymentMethod: 'G-CASH',
      paymentDetails,
      destination: { method: 'G-CASH', mobile, accountName: 'Paz Reyes' },
      maskedDestination: `0917•••${mobile.slice(-4)}`,
      status: 'pending',
      createdAt: t.clock.now.toISOString(),
      vipTier: 'FREE',
      flags: [],
      linkedAccounts: [],
      clusterSize: 1,
    });
  });

  it('approves (POST): pending becomes paid out, the member sees it approved, the operator earns ₱10', async () => {
    const { cookie, payoutId } = await f.payoutRequester();
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const approved = await f.admin('POST', `/api/admin/payout/${payoutId}/status`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      id: payoutId,
      status: 'approved',
      amount: '200.00',
      timeline: [{ status: 'requested' }, { status: 'approved', at: t.clock.now.toISOString() }],
    });
    expect(await money(cookie)).toEqual({ available: '300.00', pending: '0.00', paidOut: '200.00' });
    expect((await f.as(cookie, 'GET', '/api/payouts')).json()[0]).toMatchObject({ id: payoutId, status: 'approved' });
    const history = (await f.as(cookie, 'GET', '/api/transactions')).json();
    expect(history.slice(0, 2)).toMatchObject([
      { type: 'payout_approved', amount: '200.00', availableChange: '0.00', description: 'Payout approved via GCash' },
      { type: 'payout', status: 'approved', availableChange: '-200.00' },
    ]);
    const commission = await db.selectFrom('commissionEntries').select(['kind', 'amount']).where('sourceId', '=', payoutId).execute();
    expect(commission).toEqual([{ kind: 'payout', amount: 1_000 }]);
    const [log] = await f.logs('approve_payout', payoutId);
    const decision = await db
      .selectFrom('transactions')
      .select('id')
      .where('payoutId', '=', payoutId)
      .where('type', '=', 'payout_approved')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      adminId: f.adminId,
      ipAddress: ADMIN_IP,
      details: { amount: '200.00', paymentMethod: 'G-CASH', ledgerRowId: decision.id },
    });
    expect((await f.admin('GET', '/api/admin/pending-payouts')).json().map((p: { id: string }) => p.id)).not.toContain(payoutId);

    const declineAfter = await f.admin('PUT', `/api/admin/payout/${payoutId}/status`, { status: 'declined', reason: 'Too late' });
    expect(declineAfter.statusCode).toBe(409);
    expect(declineAfter.json()).toEqual({ message: 'Already approved', code: 'CONFLICT', decided: 'approved' });
  });

  it('approves with the transfer reference, trimmed: on the payout, in the member’s notice and in the log', async () => {
    const { cookie, payoutId, mobile } = await f.payoutRequester();
    const approved = await f.admin('POST', `/api/admin/payout/${payoutId}/status`, {
      status: 'approved',
      transferReference: '  1234 567 890 123 ',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: payoutId, status: 'approved', transferReference: '1234 567 890 123' });
    expect((await f.as(cookie, 'GET', '/api/payouts')).json()[0]).toMatchObject({ id: payoutId, transferReference: '1234 567 890 123' });
    const [notice] = (await f.as(cookie, 'GET', '/api/notifications')).json().items;
    expect(notice).toMatchObject({
      title: 'Payout sent',
      message: `₱200.00 sent to GCash 0917•••${mobile.slice(-4)}. Reference: 1234 567 890 123.`,
      type: 'success',
      link: '/payouts',
      read: false,
    });
    const [log] = await f.logs('approve_payout', payoutId);
    expect(log?.details).toMatchObject({ transferReference: '1234 567 890 123' });
  });

  it('declines (PUT) with a reason the member reads on the payout and in a notification; the amount is back, no commission', async () => {
    const { cookie, payoutId } = await f.payoutRequester();
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const withoutReason = await f.admin('PUT', `/api/admin/payout/${payoutId}/status`, { status: 'declined', reason: '  ' });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json()).toEqual({ message: 'Please give a reason for declining: the member sees it', code: 'BAD_REQUEST' });
    const declined = await f.admin('PUT', `/api/admin/payout/${payoutId}/status`, {
      status: 'declined',
      reason: 'The G-CASH number belongs to someone else',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    const [mine] = (await f.as(cookie, 'GET', '/api/payouts')).json();
    expect(mine.timeline.at(-1)).toMatchObject({ status: 'declined', note: 'The G-CASH number belongs to someone else' });
    const notices = (await f.as(cookie, 'GET', '/api/notifications')).json();
    expect(notices.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Payout declined',
          message:
            'Your payout of ₱200.00 was declined: The G-CASH number belongs to someone else. The amount is back in your available balance.',
        }),
      ]),
    );
    expect((await f.logs('decline_payout', payoutId))[0]?.details).toMatchObject({ reason: 'The G-CASH number belongs to someone else' });
    expect(await money(cookie)).toEqual({ available: '500.00', pending: '0.00', paidOut: '0.00' });
    const [latest] = (await f.as(cookie, 'GET', '/api/transactions')).json();
    expect(latest).toMatchObject({ type: 'payout_declined', availableChange: '+200.00' });
    expect(await db.selectFrom('commissionEntries').select('id').where('sourceId', '=', payoutId).execute()).toEqual([]);
    expect(await f.logs('decline_payout', payoutId)).toHaveLength(1);

    const approveAfter = await f.admin('POST', `/api/admin/payout/${payoutId}/status`, { status: 'approved' });
    expect(approveAfter.json().message).toBe('Already declined');
  });

  it('shows each decided request as approved or declined in the history, the statement and the ledger, its row unchanged', async () => {
    const { cookie, id, payoutId: approvedId, paymentDetails } = await f.payoutRequester();
    const asked = await f.as(cookie, 'POST', '/api/payouts', { paymentMethod: 'G-CASH', amount: '200', paymentDetails });
    const declinedId = asked.json().id as string;
    expect((await f.admin('POST', `/api/admin/payout/${approvedId}/status`, { status: 'approved' })).statusCode).toBe(200);
    const declined = await f.admin('PUT', `/api/admin/payout/${declinedId}/status`, { status: 'declined', reason: 'Wrong number' });
    expect(declined.statusCode).toBe(200);

    const requestRows = await db
      .selectFrom('transactions')
      .select(['id', 'payoutId', 'status'])
      .where('userId', '=', id)
      .where('type', '=', 'payout')
      .execute();
    // The rows stay as written (their status is in their hash); what they show is their payout's status.
    expect(requestRows.map((row) => row.status)).toEqual(['pending', 'pending']);
    const rowOf = (payoutId: string) => requestRows.find((row) => row.payoutId === payoutId)?.id;
    const shown = { [rowOf(approvedId) ?? '']: 'approved', [rowOf(declinedId) ?? '']: 'declined' };

    const history: { id: string; type: string; status: string }[] = (await f.as(cookie, 'GET', '/api/transactions')).json();
    expect(Object.fromEntries(history.filter((row) => row.type === 'payout').map((row) => [row.id, row.status]))).toEqual(shown);
    const statement = (await f.as(cookie, 'GET', '/api/transactions/statement.csv')).body.trim().split('\r\n');
    // After the row's id: its type, description and status.
    const statementStatus = (rowId: string) =>
      statement
        .find((line) => line.includes(`,${rowId},`))
        ?.split(`,${rowId},`)[1]
        ?.split(',')[2];
    expect(Object.fromEntries(Object.keys(shown).map((rowId) => [rowId, statementStatus(rowId)]))).toEqual(shown);
    const ledger: { id: string; status: string }[] = (await f.admin('GET', '/api/admin/transactions?page=1&pageSize=10')).json().items;
    expect(Object.fromEntries(ledger.filter((row) => row.id in shown).map((row) => [row.id, row.status]))).toEqual(shown);
  });

  it('lets one of many concurrent decisions through', async () => {
    const { cookie, payoutId } = await f.payoutRequester();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        f.admin(index % 2 ? 'PUT' : 'POST', `/api/admin/payout/${payoutId}/status`, {
          status: index % 3 ? 'approved' : 'declined',
          reason: 'Checked',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    const after = await money(cookie);
    expect(after.pending).toBe('0.00');
    expect([after.available, after.paidOut]).toEqual(
      answers.find((a) => a.statusCode === 200)?.json().status === 'approved' ? ['300.00', '200.00'] : ['500.00', '0.00'],
    );
  });

  it.each([
    [{}, 'Status must be approved or declined'],
    [{ status: 'pending' }, 'Status must be approved or declined'],
    [{ status: 'paid' }, 'Status must be approved or declined'],
    [{ status: 'declined' }, 'Please give a reason for declining: the member sees it'],
    [{ status: 'declined', reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
    [{ status: 'approved', transferReference: '123' }, staffMessages.admin.transferReferenceInvalid],
    [{ status: 'approved', transferReference: '1'.repeat(41) }, staffMessages.admin.transferReferenceInvalid],
    [{ status: 'approved', transferReference: '12345<script>' }, staffMessages.admin.transferReferenceInvalid],
    [{ status: 'approved', transferReference: '1234567\u200b890123' }, messages.common.invisibleCharacter],
    [{ status: 'approved', transferReference: 1234567890123 }, staffMessages.admin.transferReferenceInvalid],
    [{ status: 'declined', reason: 'Wrong number', transferReference: '1234567890123' }, staffMessages.admin.transferReferenceDeclined],
  ])('refuses %j with “%s”', async (payload, message) => {
    const { payoutId } = await f.payoutRequester();
    const response = await f.admin('POST', `/api/admin/payout/${payoutId}/status`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('pages and searches the queue when asked, and otherwise answers the first 100 with the total in X-Total-Count', async () => {
    const mine = [await f.payoutRequester(), await f.payoutRequester(), await f.payoutRequester()];
    await expectPagedAndSearched('/api/admin/pending-payouts', { id: mine[1]!.payoutId, email: mine[1]!.user.email });
  });

  it('answers 404 for an unknown payout', async () => {
    const response = await f.admin('PUT', '/api/admin/payout/none/status', { status: 'approved' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Payout not found');
  });

  describe('in a batch (docs/product-rules.md#batch-decisions)', () => {
    /** One decision on several payouts, as the unlocked admin sends it. */
    const decideBatch = (payload: object) => f.admin('POST', '/api/admin/payouts/batch', payload);

    it('approves those as seen and names each refused with why; the counts follow', async () => {
      const paid = await f.payoutRequester();
      const decided = await f.payoutRequester();
      const changed = await f.payoutRequester();
      await f.admin('POST', `/api/admin/payout/${decided.payoutId}/status`, { status: 'declined', reason: 'Checked' });
      const before = (await f.admin('GET', '/api/admin/queue-counts')).json();

      const response = await decideBatch({
        status: 'approved',
        payouts: [
          { id: paid.payoutId, amount: '200.00' },
          { id: decided.payoutId, amount: '200.00' },
          { id: changed.payoutId, amount: 250 },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'approved',
        decided: [{ id: paid.payoutId, amount: '200.00', paymentMethod: 'G-CASH' }],
        refused: [
          { id: decided.payoutId, code: 'already_decided', message: 'Already declined' },
          { id: changed.payoutId, code: 'stale', message: staffMessages.admin.batchStaleAmount('₱200.00') },
        ],
      });
      expect(await money(paid.cookie)).toEqual({ available: '300.00', pending: '0.00', paidOut: '200.00' });
      expect(await f.logs('approve_payout', paid.payoutId)).toHaveLength(1);
      const after = (await f.admin('GET', '/api/admin/queue-counts')).json();
      expect(after.pendingPayouts).toBe(before.pendingPayouts - 1);
      expect(after.unsentPayouts).toBe(before.unsentPayouts + 1);
    });

    it('declines with one reason every member reads', async () => {
      const first = await f.payoutRequester();
      const second = await f.payoutRequester();
      const response = await decideBatch({
        status: 'declined',
        reason: 'Numbers not registered',
        payouts: [
          { id: first.payoutId, amount: '200' },
          { id: second.payoutId, amount: '200' },
        ],
      });
      expect(response.json().decided).toHaveLength(2);
      for (const { cookie } of [first, second]) {
        const [payout] = (await f.as(cookie, 'GET', '/api/payouts')).json();
        expect(payout).toMatchObject({ status: 'declined' });
        expect(payout.timeline.at(-1).note).toBe('Numbers not registered');
      }
    });

    it.each([
      [{ status: 'approved', payouts: [] }, staffMessages.admin.batchEmpty],
      [{ status: 'approved' }, staffMessages.admin.batchEmpty],
      [
        { status: 'approved', payouts: Array.from({ length: 101 }, (_, index) => ({ id: `p${index}`, amount: '200' })) },
        staffMessages.admin.batchTooLarge(100),
      ],
      [
        {
          status: 'approved',
          payouts: [
            { id: 'a', amount: '200' },
            { id: 'a', amount: '200' },
          ],
        },
        staffMessages.admin.batchDuplicate,
      ],
      [{ status: 'declined', payouts: [{ id: 'a', amount: '200' }] }, staffMessages.admin.declineReasonRequired],
      [{ status: 'approved', payouts: [{ id: 'a' }] }, staffMessages.admin.batchAmountRequired],
      [{ status: 'approved', payouts: [{ id: 'a', amount: '200', flagged: 'yes' }] }, staffMessages.admin.batchFlaggedInvalid],
    ])('refuses %j with “%s”', async (payload, message) => {
      const response = await decideBatch(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
    });

    it('is refused to a member', async () => {
      const { cookie, payoutId } = await f.payoutRequester();
      const response = await f.as(cookie, 'POST', '/api/admin/payouts/batch', {
        status: 'approved',
        payouts: [{ id: payoutId, amount: '200' }],
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('exported and marked sent (docs/product-rules.md#payouts-sent)', () => {
    it('exports approved payouts per method as CSV, then records who marked them sent and when', async () => {
      const { payoutId, mobile } = await f.payoutRequester();
      await f.admin('POST', `/api/admin/payout/${payoutId}/status`, { status: 'approved' });

      const unsent = (await f.admin('GET', '/api/admin/payouts/unsent')).json();
      const gcash = unsent.methods.find((method: { method: string }) => method.method === 'G-CASH');
      expect(gcash.payoutIds).toContain(payoutId);

      const file = await f.admin('GET', `/api/admin/payouts/unsent.csv?method=G-CASH&asOf=${encodeURIComponent(unsent.asOf)}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="payouts-gcash-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(file.body.split('\r\n')).toContain(`${mobile},Paz Reyes,200.00,${payoutId}`);

      const marked = await f.admin('POST', '/api/admin/payouts/sent', { ids: gcash.payoutIds });
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toEqual({ marked: gcash.payoutIds, skipped: [] });
      const row = await db.selectFrom('payouts').select(['sentAt', 'sentBy']).where('id', '=', payoutId).executeTakeFirstOrThrow();
      expect(row).toEqual({ sentAt: t.clock.now, sentBy: f.adminId });
      expect((await f.logs('mark_payout_sent', payoutId)).map((log) => log.adminId)).toEqual([f.adminId]);

      const again = (await f.admin('GET', '/api/admin/payouts/unsent.csv?method=G-CASH')).body;
      expect(again).not.toContain(payoutId);
      expect((await f.admin('POST', '/api/admin/payouts/sent', { ids: [payoutId] })).json()).toEqual({
        marked: [],
        skipped: [{ id: payoutId, code: 'already_sent' }],
      });
    });

    it.each([
      ['/api/admin/payouts/unsent.csv', staffMessages.admin.exportMethodRequired],
      ['/api/admin/payouts/unsent.csv?method=G-CASH&asOf=yesterday', staffMessages.admin.exportAsOfInvalid],
    ])('refuses %s with “%s”', async (url, message) => {
      const response = await f.admin('GET', url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
    });

    it('refuses to mark more than 100 at once', async () => {
      const response = await f.admin('POST', '/api/admin/payouts/sent', { ids: Array.from({ length: 101 }, (_, index) => `p${index}`) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(staffMessages.admin.batchTooLarge(100));
    });
  });
});

describe('transactions', () => {
  it('lists every member’s ledger rows newest first with the member and the reference, one page at a time', async () => {
    // Later than every row of the tests before, which all share the clock's instant.
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const { id, user, cookie } = await f.member({ balance: 30_000 });
    const payout = (
      await f.as(cookie, 'POST', '/api/payouts', { paymentMethod: 'BDO', amount: 150, paymentDetails: 'BDO 001234567890 Paz Reyes' })
    ).json();
    const page = (await f.admin('GET', '/api/admin/transactions?pageSize=1')).json();
    // The total comes from each user's count of ledger rows (users.ledger_rows), not from counting the ledger.
    const ledger = await db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    expect(page.total).toBe(Number(ledger.rows));
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        createdAt: t.clock.now.toISOString(),
        userId: id,
        userEmail: user.email,
        type: 'payout',
        description: 'Payout request via BDO',
        transactionReference: payout.id,
        amount: '150.00',
        status: 'pending',
      },
    ]);
    const second = (await f.admin('GET', '/api/admin/transactions?page=2&pageSize=1')).json();
    expect(second.items[0]).toMatchObject({ userId: id, type: 'admin_adjustment', amount: '300.00', transactionReference: null });
    const refused = await f.admin('GET', '/api/admin/transactions?pageSize=1000');
    expect(refused.json()).toEqual({ message: 'Page size must be a whole number from 1 to 200', code: 'BAD_REQUEST' });
  });

  it('lists a pending referral bonus with its kind', async () => {
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const { id } = await f.member();
    const amount = 5_000;
    await db.transaction().execute((trx) =>
      postToLedger(trx, {
        userId: id,
        type: 'referral_bonus_pending',
        amount,
        description: 'Referral bonus (pending)',
        createdAt: t.clock.now,
      }),
    );
    // A page size no test read before: the panel keeps the pages it answered until the ledger's change arrives.
    const [latest] = (await f.admin('GET', '/api/admin/transactions?pageSize=3')).json().items;
    expect(latest).toMatchObject({ userId: id, type: 'referral_bonus_pending', amount: '50.00', status: 'completed' });
  });
});
