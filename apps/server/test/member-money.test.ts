import { approveVipRequest } from '@app/api';
import { messages, RATE_LIMITS } from '@app/contracts';
import { type Db, postToLedger } from '@app/db';
import { VIP_PLAN_IDS } from '@app/testkit/fixtures';
import { type RawBuilder, sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertTask, ledgerCheckedAppOfFile, signIn, signInUnlockedAdmin, type TestApp } from './helpers';
import { imageOf, largeOf, photoUpload, STORED_PHOTO_URL } from './photo-fixtures';

let t: TestApp;
let db: Db;
let taskId: string;

ledgerCheckedAppOfFile({ gcashPayments: true }, (file) => {
  ({ t, db } = file);
});
beforeAll(async () => {
  taskId = await insertTask(db, { title: 'Read Blog', url: 'https://example.com/b', reward: 120 });
});

let people = 0;
async function member(balance = 0, names: { firstName?: string; lastName?: string } = {}, email = `money${++people}@example.com`) {
  const cookie = await signIn(t.app, email, names);
  const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  if (balance > 0) {
    const createdAt = new Date(t.clock.now.getTime() - 1000);
    await db
      .transaction()
      .execute((trx) =>
        postToLedger(trx, { userId: user.id, type: 'admin_adjustment', amount: balance, description: 'Opening balance', createdAt }),
      );
  }
  return { cookie, user };
}

const post = (url: string, cookie: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const balances = async (cookie: string) => {
  const me = (await get('/api/auth/user', cookie)).json();
  return { available: me.availableBalance, pending: me.pendingPayout };
};

/** A member's request for the plan `vipTier`, paid by G-CASH with the payment reference `transactionProof`. */
const askForPlan = (cookie: string, vipTier: string, transactionProof: string) =>
  post('/api/vip/upgrade', cookie, { vipTier, paymentInfo: { transactionProof } });

describe('payouts', () => {
  it.each([
    [{ paymentMethod: '', amount: '200', paymentDetails: '0917' }, 'Payment method is required'],
    [{ amount: '200', paymentDetails: '0917' }, 'Payment method is required'],
    [{ paymentMethod: 'Cash in a bag', amount: '200', paymentDetails: '0917' }, 'Please choose one of the listed payment methods'],
    [{ paymentMethod: 'G-CASH', amount: '', paymentDetails: '0917' }, 'Amount is required'],
    [{ paymentMethod: 'G-CASH', paymentDetails: '0917' }, 'Amount is required'],
    [{ paymentMethod: 'G-CASH', amount: 'abc', paymentDetails: '0917' }, 'Amount must be a positive number'],
    [{ paymentMethod: 'G-CASH', amount: '-200', paymentDetails: '0917' }, 'Amount must be a positive number'],
    [{ paymentMethod: 'G-CASH', amount: '1e3', paymentDetails: '0917' }, 'Amount must be a positive number'],
    [{ paymentMethod: 'G-CASH', amount: '200.001', paymentDetails: '0917' }, 'Use at most 2 decimal places'],
    [{ paymentMethod: 'G-CASH', amount: '149.99', paymentDetails: '0917' }, 'Minimum payout amount is ₱150.00'],
    [{ paymentMethod: 'G-CASH', amount: 2000.01, paymentDetails: '0917' }, 'Maximum payout amount is ₱2000.00'],
    [{ paymentMethod: 'G-CASH', amount: '200', paymentDetails: '   ' }, 'Payment details are required'],
    [{ paymentMethod: 'G-CASH', amount: '1,00', paymentDetails: '0917' }, 'Amount must be a positive number'],
    // Destinations that name no one wallet (docs/product-rules.md#payout-destinations), each refused with what to enter.
    [{ paymentMethod: 'G-CASH', amount: '200', paymentDetails: '0917' }, messages.payouts.destination.legacy['G-CASH']],
    [{ paymentMethod: 'G-CASH', amount: '200', paymentDetails: '09171234567' }, messages.payouts.destination.legacy['G-CASH']],
    [
      { paymentMethod: 'G-CASH', amount: '200', paymentDetails: '09171234567 (ring1@mail.com)' },
      messages.payouts.destination.legacy['G-CASH'],
    ],
    [
      { paymentMethod: 'G-CASH', amount: '200', paymentDetails: 'alt 0917000xxxx / main 09171234567' },
      messages.payouts.destination.twoNumbers,
    ],
    [{ paymentMethod: 'G-CASH', amount: '200', paymentDetails: '0917 123 4567 Juan \u202eDela Cruz' }, messages.common.directionCharacter],
    [
      { paymentMethod: 'G-CASH', amount: '200', destination: { mobile: '0917 123', accountName: 'Juan' } },
      messages.payouts.destination.mobileInvalid,
    ],
    [
      { paymentMethod: 'G-CASH', amount: '200', destination: { mobile: '0917 123 4567' } },
      messages.payouts.destination.required.accountName,
    ],
    [{ paymentMethod: 'PayPal', amount: '200', destination: { email: 'juan@example' } }, messages.payouts.destination.emailInvalid],
    [
      { paymentMethod: 'G-CASH', amount: '200', destination: { mobile: 9171234567, accountName: 'Juan' } },
      messages.payouts.destination.required.mobile,
    ],
  ])('refuses %j with “%s”', async (payload, message) => {
    const { cookie } = await member(500_000);
    const response = await post('/api/payouts', cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
    expect(await balances(cookie)).toEqual({ available: '5000.00', pending: '0.00' });
  });

  it('moves the amount from available to pending and lists it with its timeline', async () => {
    const { cookie } = await member(30_000);
    const response = await post('/api/payouts', cookie, { paymentMethod: 'PayPal', amount: '150.50', paymentDetails: 'maria@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      paymentMethod: 'PayPal',
      amount: '150.50',
      status: 'pending',
      timeline: [{ status: 'requested' }],
    });
    expect(await balances(cookie)).toEqual({ available: '149.50', pending: '150.50' });
    const [listed] = (await get('/api/payouts', cookie)).json();
    expect(listed).toMatchObject({ id: response.json().id, paymentDetails: 'maria@example.com' });
    const [row] = (await get('/api/transactions', cookie)).json();
    expect(row).toMatchObject({ type: 'payout', status: 'pending', amount: '150.50', availableChange: '-150.50' });
    // The statement signs the debit as the history does.
    const statement = (await get('/api/transactions/statement.csv', cookie)).body.trim().split('\r\n');
    expect(statement.at(-1)).toMatch(/,payout,.*,pending,-150\.50,-150\.50,149\.50,0\.00$/);
  });

  it('takes the destination as fields, and stores it as read: one wallet however it is written', async () => {
    const { cookie } = await member(60_000);
    const spellings = [
      { destination: { mobile: '+63 (0) 917 123 4567', accountName: ' Ana  Reyes' } },
      { destination: { mobile: '0063 917\u200b123\u200b4567', accountName: 'Ana Reyes' } },
      { paymentDetails: 'G-CASH: ０９１７-１２３-４５６７ (Ana Reyes)' },
    ];
    for (const spelling of spellings) {
      const response = await post('/api/payouts', cookie, { paymentMethod: 'G-CASH', amount: '150', ...spelling });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        paymentDetails: '0917 123 4567 · Ana Reyes',
        destination: { method: 'G-CASH', mobile: '+639171234567', accountName: 'Ana Reyes' },
      });
    }
    const stored = await db.selectFrom('payouts').select('destination').where('paymentDetails', '=', '0917 123 4567 · Ana Reyes').execute();
    expect(stored).toEqual(spellings.map(() => ({ destination: 'mobile:+639171234567' })));
  });

  it('takes an amount written with a thousands comma', async () => {
    const { cookie } = await member(200_000);
    const response = await post('/api/payouts', cookie, {
      paymentMethod: 'G-CASH',
      amount: '1,000',
      paymentDetails: '09171234567 Juan Dela Cruz',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().amount).toBe('1000.00');
    expect(await balances(cookie)).toEqual({ available: '1000.00', pending: '1000.00' });
  });

  it('refuses more than the available balance with the balance in the message', async () => {
    const { cookie } = await member(14_000);
    const response = await post('/api/payouts', cookie, {
      paymentMethod: 'G-CASH',
      amount: 150,
      paymentDetails: '09171234567 Juan Dela Cruz',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "You don't have enough balance. Your available balance is ₱140.00",
      code: 'INSUFFICIENT_BALANCE',
    });
    // The same code for tRPC clients, in an error that travels as tRPC's BAD_REQUEST (docs/api-conventions.md#errors).
    const trpc = await post('/trpc/payouts.request', cookie, {
      paymentMethod: 'G-CASH',
      amount: 150,
      paymentDetails: '09171234567 Juan Dela Cruz',
    });
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error).toMatchObject({ code: -32600, data: { code: 'INSUFFICIENT_BALANCE', httpStatus: 400, details: {} } });
  });

  it('never overdraws under as many concurrent requests as the rate limit lets through', async () => {
    const { cookie } = await member(100_000);
    const concurrent = RATE_LIMITS.payoutRequest.max;
    const answers = await Promise.all(
      Array.from({ length: concurrent }, () =>
        post('/api/payouts', cookie, { paymentMethod: 'BDO', amount: '150', paymentDetails: 'BDO 001234567890 Juan Dela Cruz' }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(6);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(concurrent - 6);
    expect(await balances(cookie)).toEqual({ available: '100.00', pending: '900.00' });
  });

  it('is refused to a suspended member', async () => {
    const { cookie, user } = await member(50_000);
    await db.updateTable('users').set({ accountStatus: 'suspended', statusReason: 'Under review' }).where('id', '=', user.id).execute();
    const response = await post('/api/payouts', cookie, {
      paymentMethod: 'G-CASH',
      amount: 150,
      paymentDetails: '0917 123 4567 Juan Dela Cruz',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This account is suspended: Under review');
  });
});

describe('VIP plans', () => {
  it('lists the six plans with their terms', async () => {
    const { cookie } = await member();
    const plans = (await get('/api/vip/plans', cookie)).json();
    expect(plans.map((plan: { id: string }) => plan.id)).toEqual(VIP_PLAN_IDS);
    expect(plans[0]).toMatchObject({ price: '300.00', duration: 15, dailyTaskLimit: 10, rewardPerTask: '2.66' });
  });

  it('takes a 13-digit reference once ever and one pending request per member', async () => {
    const first = await member();
    const refused = await askForPlan(first.cookie, 'VIP300', '12345');
    // The payment dialog checks the reference with the same schema before it sends: it shows these at the field itself.
    expect(refused.json()).toEqual({ message: 'Please enter exactly 13 digits for your transaction number', code: 'BAD_REQUEST' });
    const empty = await askForPlan(first.cookie, 'VIP300', 'ref: --');
    expect(empty.json()).toEqual({ message: 'Please enter a valid 13-digit transaction number', code: 'BAD_REQUEST' });
    const unknownPlan = await askForPlan(first.cookie, 'VIP999', '1234567890123');
    expect(unknownPlan.statusCode).toBe(400);
    const noPlan = await askForPlan(first.cookie, '', '1234567890123');
    expect(noPlan.json()).toEqual({ message: 'Please choose a VIP plan', code: 'BAD_REQUEST' });

    const accepted = await askForPlan(first.cookie, 'VIP300', '1234-5678-90123');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ vipPendingApproval: true, pendingVipTier: 'VIP300', vipTier: 'FREE' });
    const again = await askForPlan(first.cookie, 'VIP400', '9999999999999');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have a VIP request waiting for approval');

    const second = await member();
    const reused = await askForPlan(second.cookie, 'VIP300', '1234567890123');
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({
      message: 'This transaction number has already been used',
      code: 'CONFLICT',
      field: 'paymentInfo.transactionProof',
    });
  });

  it('lets exactly one of many concurrent requests with one reference through', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => member()));
    const answers = await Promise.all(buyers.map((buyer) => askForPlan(buyer.cookie, 'VIP500', '5555555555555')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('starts a plan bought with earnings at once, copying its terms', async () => {
    const { cookie, user } = await member(45_000);
    const short = await post('/api/vip/upgrade-with-earnings', cookie, { vipTier: 'VIP500' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Your available balance of ₱450.00 is not enough for this plan');

    const bought = await post('/api/vip/upgrade-with-earnings', cookie, { vipTier: 'VIP400' });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ vipTier: 'VIP400', dailyTaskLimit: 10, vipPendingApproval: false });
    expect(Date.parse(bought.json().vipExpiresAt) - t.clock.now.getTime()).toBe(15 * 86_400_000);
    expect(await balances(cookie)).toEqual({ available: '50.00', pending: '0.00' });
    expect((await post('/api/vip/upgrade-with-earnings', cookie, { vipTier: 'VIP400' })).json().message).toBe(
      'This plan is already active',
    );

    // An admin's later edit of the plan does not change the running one.
    await db.updateTable('vipPlans').set({ rewardPerTask: 9_999, dailyTaskLimit: 1 }).where('id', '=', 'VIP400').execute();
    try {
      const [task] = (await get('/api/tasks', cookie)).json();
      expect(task.reward).toBe('3.66');
      expect((await get('/api/vip/status', cookie)).json().dailyTaskLimit).toBe(10);
    } finally {
      await db.updateTable('vipPlans').set({ rewardPerTask: 366, dailyTaskLimit: 10 }).where('id', '=', 'VIP400').execute();
    }
    const commission = await db
      .selectFrom('commissionEntries')
      .select(['kind', 'amount'])
      .innerJoin('vipRequests', 'vipRequests.id', 'commissionEntries.sourceId')
      .where('vipRequests.userId', '=', user.id)
      .execute();
    expect(commission).toEqual([{ kind: 'upgrade', amount: 500 }]);
  });
});

describe('referrals', () => {
  it('shows the member’s code and the inviter behind a code, masked', async () => {
    const sponsor = await member(0, { firstName: 'Ana' });
    const { referralCode } = (await get('/api/referrals/code', sponsor.cookie)).json();
    expect(referralCode).toBe(sponsor.user.referralCode);
    const inviter = await t.app.inject(`/api/users/by-referral-code/${referralCode.toLowerCase()}`);
    expect(inviter.json()).toEqual({ email: `m***@example.com`, firstName: 'Ana' });
    expect((await t.app.inject('/api/users/by-referral-code/NOPE')).statusCode).toBe(404);
  });

  it('refuses an empty, unknown, own, second or circular code', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const use = (who: { cookie: string }, referralCode: string) => post('/api/referrals/use-code', who.cookie, { referralCode });
    expect((await use(a, '  ')).json().message).toBe('Referral code is required');
    expect((await use(a, 'ZZZZZZZZ')).json().message).toBe('This referral code does not exist');
    expect((await use(a, a.user.referralCode)).json().message).toBe('You cannot use your own referral code');

    const applied = await use(b, a.user.referralCode.toLowerCase());
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'pending', reward: '0.00', referredUserId: b.user.id });
    expect((await use(b, c.user.referralCode)).json().message).toBe('You already have a referrer');
    expect((await use(c, b.user.referralCode)).statusCode).toBe(200);
    expect((await use(a, c.user.referralCode)).json().message).toBe('You cannot use the code of someone you invited');
    expect((await get('/api/auth/user', a.cookie)).json().referralCount).toBe(1);
  });

  it('credits the sponsor ₱50 pending on the friend’s first task and ₱50 on the first approved VIP, once each; the first is paid with the friend’s first payout', async () => {
    const sponsor = await member(0, { firstName: 'Ana' });
    const friend = await member(20_000, { firstName: 'Ben' });
    await post('/api/referrals/use-code', friend.cookie, { referralCode: sponsor.user.referralCode });

    for (let round = 0; round < 2; round++) {
      await post(`/api/tasks/${taskId}/start`, friend.cookie, {});
      t.clock.now = new Date(t.clock.now.getTime() + 25_000);
      expect((await get(`/api/tasks/${taskId}/redirect-complete`, friend.cookie)).json()).toMatchObject({ success: true });
    }
    let [referral] = (await get('/api/referrals', sponsor.cookie)).json();
    expect(referral).toMatchObject({ status: 'awaiting_payout', reward: '0.00', pendingReward: '50.00', referredName: 'Ben' });
    // Pending: not available, not earned, and no payout can take it.
    expect((await get('/api/auth/user', sponsor.cookie)).json()).toMatchObject({
      availableBalance: '0.00',
      pendingBonuses: '50.00',
      referralEarnings: '0.00',
    });
    const cashOut = await post('/api/payouts', sponsor.cookie, {
      paymentMethod: 'PayPal',
      amount: '150',
      destination: { email: 'ana@example.com' },
    });
    expect(cashOut.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });

    await askForPlan(friend.cookie, 'VIP300', '7777777777777');
    const request = await db
      .selectFrom('vipRequests')
      .select('id')
      .where('transactionProof', '=', '7777777777777')
      .executeTakeFirstOrThrow();
    const admin = await member();
    const approve = () => db.transaction().execute((trx) => approveVipRequest(trx, request.id, admin.user.id, t.clock.now));
    expect(await approve()).toEqual({ userId: friend.user.id, referralHeld: false });
    expect(await approve()).toBeNull();
    [referral] = (await get('/api/referrals', sponsor.cookie)).json();
    // The VIP was paid for and checked by an admin: its bonus is the sponsor's at once.
    expect(referral).toMatchObject({ status: 'awaiting_payout', reward: '50.00', pendingReward: '50.00' });
    expect((await get('/api/auth/user', sponsor.cookie)).json()).toMatchObject({ availableBalance: '50.00', pendingBonuses: '50.00' });
    expect((await get('/api/vip/status', friend.cookie)).json()).toMatchObject({ vipTier: 'VIP300', vipPendingApproval: false });

    const asked = await post('/api/payouts', friend.cookie, {
      paymentMethod: 'G-CASH',
      amount: '150',
      destination: { mobile: '0917 444 0102', accountName: 'Ben Cruz' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const adminCookie = await signInUnlockedAdmin(t, 'referral-payouts-admin@example.com');
    expect((await post(`/api/admin/payout/${asked.json().id}/status`, adminCookie, { status: 'approved' })).statusCode).toBe(200);
    [referral] = (await get('/api/referrals', sponsor.cookie)).json();
    expect(referral).toMatchObject({ status: 'paid', reward: '100.00', pendingReward: '0.00' });
    expect((await get('/api/auth/user', sponsor.cookie)).json()).toMatchObject({
      availableBalance: '100.00',
      pendingBonuses: '0.00',
      referralEarnings: '100.00',
    });
    const [referred] = (await get('/api/referrals/referred-users', sponsor.cookie)).json();
    // Named as on the invite page: never the friend's full name or e-mail.
    expect(referred).toEqual({ id: friend.user.id, name: 'Ben', createdAt: expect.any(String), status: 'paid' });
  });

  it('names friends to their sponsor by first name and initial, else by masked e-mail, never in full', async () => {
    const sponsor = await member(0, { firstName: 'Sol' });
    const named = await member(0, { firstName: 'Ana', lastName: 'Reyes' }, 'ana.reyes@example.com');
    const unnamed = await member(0, {}, 'juan.masked@example.com');
    for (const friend of [named, unnamed]) {
      const applied = await post('/api/referrals/use-code', friend.cookie, { referralCode: sponsor.user.referralCode });
      expect(applied.statusCode).toBe(200);
    }
    const referrals = await get('/api/referrals', sponsor.cookie);
    const referredUsers = await get('/api/referrals/referred-users', sponsor.cookie);
    const nameOf = (rows: { referredUserId?: string; id: string }[], id: string) =>
      rows.find((row) => (row.referredUserId ?? row.id) === id);
    expect(nameOf(referrals.json(), named.user.id)).toMatchObject({ referredName: 'Ana R.' });
    expect(nameOf(referrals.json(), unnamed.user.id)).toMatchObject({ referredName: 'j***@example.com' });
    expect(nameOf(referredUsers.json(), named.user.id)).toMatchObject({ name: 'Ana R.' });
    expect(nameOf(referredUsers.json(), unnamed.user.id)).toMatchObject({ name: 'j***@example.com' });
    for (const answer of [referrals, referredUsers]) {
      for (const secret of ['Reyes', 'ana.reyes', 'juan.masked', unnamed.user.email, named.user.email]) {
        expect(answer.body).not.toContain(secret);
      }
    }
  });
});

describe('pending referral bonuses', () => {
  it('are shown pending on the signed-in user, in the history and in the statement until released', async () => {
    const { cookie, user } = await member(10_000);
    const post = (type: 'referral_bonus_pending' | 'referral_bonus_released', description: string, msAgo: number) =>
      db
        .transaction()
        .execute((trx) =>
          postToLedger(trx, { userId: user.id, type, amount: 5_000, description, createdAt: new Date(t.clock.now.getTime() - msAgo) }),
        );
    const figures = async () => {
      const me = (await get('/api/auth/user', cookie)).json();
      return { pendingBonuses: me.pendingBonuses, available: me.availableBalance, referral: me.referralEarnings, total: me.totalEarnings };
    };

    const pending = await post('referral_bonus_pending', 'Referral bonus for Ben R. (pending)', 500);
    expect(await figures()).toEqual({ pendingBonuses: '50.00', available: '100.00', referral: '0.00', total: '0.00' });
    const released = await post('referral_bonus_released', 'Referral bonus for Ben R. released', 0);
    expect(await figures()).toEqual({ pendingBonuses: '0.00', available: '150.00', referral: '50.00', total: '50.00' });

    const history = (await get('/api/transactions', cookie)).json();
    expect(history.slice(0, 2)).toMatchObject([
      { id: released.id, type: 'referral_bonus_released', amount: '50.00', availableChange: '+50.00' },
      { id: pending.id, type: 'referral_bonus_pending', amount: '50.00', availableChange: '0.00' },
    ]);
    const statement = (await get('/api/transactions/statement.csv', cookie)).body.trim().split('\r\n');
    expect(statement.find((line) => line.includes(pending.id))).toMatch(
      /,referral_bonus_pending,.*,completed,50\.00,0\.00,100\.00,\+50\.00$/,
    );
    expect(statement.find((line) => line.includes(released.id))).toMatch(
      /,referral_bonus_released,.*,completed,\+50\.00,\+50\.00,150\.00,-50\.00$/,
    );
  });
});

describe('a member’s own lists, paged', () => {
  /** A member with `count` ledger rows, one a second apart, oldest first. */
  async function memberWithRows(count: number) {
    const { cookie, user } = await member();
    for (let index = 0; index < count; index++) {
      const createdAt = new Date(t.clock.now.getTime() - (count - index) * 1000);
      await db
        .transaction()
        .execute((trx) =>
          postToLedger(trx, { userId: user.id, type: 'admin_adjustment', amount: 100, description: `Row ${index}`, createdAt }),
        );
    }
    return cookie;
  }
  const descriptions = (rows: { description: string }[]) => rows.map((row) => row.description);

  it('answers the transactions as the documented array with the whole count, or a page of them, newest first', async () => {
    const cookie = await memberWithRows(25);

    const all = await get('/api/transactions', cookie);
    expect(all.json()).toHaveLength(25);
    expect(all.headers['x-total-count']).toBe('25');
    expect(descriptions(all.json()).slice(0, 2)).toEqual(['Row 24', 'Row 23']);

    const second = (await get('/api/transactions?page=2&pageSize=10', cookie)).json();
    expect({ total: second.total, rows: descriptions(second.items) }).toEqual({
      total: 25,
      rows: [14, 13, 12, 11, 10, 9, 8, 7, 6, 5].map((index) => `Row ${index}`),
    });
    expect(descriptions((await get('/api/transactions?page=3&pageSize=10', cookie)).json().items)).toEqual(
      [4, 3, 2, 1, 0].map((index) => `Row ${index}`),
    );
    expect((await get('/api/transactions?page=4&pageSize=10', cookie)).json()).toEqual({ items: [], total: 25 });
    // A page number alone pages by the members' page size.
    expect((await get('/api/transactions?page=2', cookie)).json().items).toHaveLength(5);
    expect(descriptions((await get('/api/transactions?limit=2', cookie)).json())).toEqual(['Row 24', 'Row 23']);
  });

  it.each([
    ['page=0', messages.common.pageInvalid],
    ['page=abc', messages.common.pageInvalid],
    ['pageSize=201', messages.common.pageSizeInvalid],
    ['limit=0', messages.transactions.limitInvalid],
    ['limit=1001', messages.transactions.limitInvalid],
    ['limit=4&page=1', messages.transactions.limitWithPage],
  ])('refuses the transactions with %s, saying why', async (query, message) => {
    const { cookie } = await member();
    const refused = await get(`/api/transactions?${query}`, cookie);
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({ status: 400, message });
  });

  it('pages the payouts, newest first', async () => {
    const { cookie } = await member(100_000);
    for (const amount of ['150', '160', '170']) {
      const requested = await post('/api/payouts', cookie, { paymentMethod: 'G-CASH', amount, paymentDetails: '09171234567 Ana' });
      expect(requested.statusCode, requested.body).toBe(200);
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
    }
    const amounts = (rows: { amount: string }[]) => rows.map((row) => row.amount);
    const first = (await get('/api/payouts?page=1&pageSize=2', cookie)).json();
    expect({ total: first.total, amounts: amounts(first.items) }).toEqual({ total: 3, amounts: ['170.00', '160.00'] });
    expect(amounts((await get('/api/payouts?page=2&pageSize=2', cookie)).json().items)).toEqual(['150.00']);
    const all = await get('/api/payouts', cookie);
    expect({ amounts: amounts(all.json()), total: all.headers['x-total-count'] }).toEqual({
      amounts: ['170.00', '160.00', '150.00'],
      total: '3',
    });
  });

  it('pages the friends a sponsor invited, newest first, with how many earned a bonus and how many wait for one', async () => {
    const sponsor = await member(0, { firstName: 'Lea' });
    const friends = [];
    for (const firstName of ['Ana', 'Ben', 'Cid']) {
      const friend = await member(0, { firstName });
      expect((await post('/api/referrals/use-code', friend.cookie, { referralCode: sponsor.user.referralCode })).statusCode).toBe(200);
      friends.push(friend);
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
    }
    // Ana's first task earns her sponsor a bonus pending until her first payout; Ben and Cid have yet to do one.
    await post(`/api/tasks/${taskId}/start`, friends[0]!.cookie, {});
    t.clock.now = new Date(t.clock.now.getTime() + 25_000);
    expect((await get(`/api/tasks/${taskId}/redirect-complete`, friends[0]!.cookie)).json()).toMatchObject({ success: true });

    const names = (rows: { referredName: string }[]) => rows.map((row) => row.referredName);
    const first = (await get('/api/referrals?page=1&pageSize=2', sponsor.cookie)).json();
    expect({ ...first, items: names(first.items) }).toEqual({ items: ['Cid', 'Ben'], total: 3, earned: 0, waiting: 3 });
    const second = (await get('/api/referrals?page=2&pageSize=2', sponsor.cookie)).json();
    expect({ ...second, items: names(second.items) }).toEqual({ items: ['Ana'], total: 3, earned: 0, waiting: 3 });
    expect(names((await get('/api/referrals', sponsor.cookie)).json())).toEqual(['Cid', 'Ben', 'Ana']);
    const friendsPage = (await get('/api/referrals/referred-users?page=2&pageSize=2', sponsor.cookie)).json();
    expect({ ...friendsPage, items: friendsPage.items.map((friend: { name: string }) => friend.name) }).toEqual({
      items: ['Ana'],
      total: 3,
    });
  });
});

describe('profile photo', () => {
  let PNG: Buffer;
  let JPEG: Buffer;
  beforeAll(async () => {
    PNG = await imageOf('png');
    JPEG = await imageOf('jpeg', '#a22');
  });
  const upload = (cookie: string, content: Buffer, filename = 'me.png', type = 'image/png', field = 'profilePhoto') =>
    t.app.inject(photoUpload(cookie, content, filename, type, field));
  /** Every key the photos table holds (docs/architecture.md#uploads). */
  const storedKeys = async () => (await db.selectFrom('photos').select('key').orderBy('key').execute()).map((row) => row.key);

  it('stores a real image as square 256 and 512 px WebP, serves both and replaces the previous photo', async () => {
    const { cookie } = await member();
    const first = await upload(cookie, PNG);
    expect(first.statusCode).toBe(200);
    const { profileImageUrl } = first.json();
    expect(profileImageUrl).toMatch(STORED_PHOTO_URL);
    for (const [url, size] of [
      [profileImageUrl, 256],
      [largeOf(profileImageUrl), 512],
    ] as const) {
      const served = await t.app.inject(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const { format, width, height } = await sharp(served.rawPayload).metadata();
      expect({ format, width, height }).toEqual({ format: 'webp', width: size, height: size });
    }
    expect((await get('/api/auth/user', cookie)).json().profileImageUrl).toBe(profileImageUrl);

    const second = await upload(cookie, JPEG, 'me.jpg', 'image/jpeg');
    expect(second.json().profileImageUrl).toMatch(STORED_PHOTO_URL);
    expect((await t.app.inject(profileImageUrl)).statusCode).toBe(404);
    expect((await t.app.inject(largeOf(profileImageUrl))).statusCode).toBe(404);
  });

  it('keeps exactly one photo when ten replacements race: the one the profile shows', async () => {
    const { cookie } = await member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(cookie, PNG)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const urls = answers.map((answer) => answer.json().profileImageUrl as string);
    const served = await Promise.all(urls.map(async (url) => (await t.app.inject(url)).statusCode));
    expect(served.filter((status) => status === 200)).toHaveLength(1);
    const shown = urls[served.indexOf(200)]!;
    expect((await get('/api/auth/user', cookie)).json().profileImageUrl).toBe(shown);
    // Of the ten photos only the shown one's two sizes are stored.
    const names = new Set(urls.flatMap((url) => [url, largeOf(url)].map((each) => each.split('/').pop())));
    expect((await storedKeys()).filter((key) => names.has(key))).toEqual([shown, largeOf(shown)].map((url) => url.split('/').pop()).sort());
  });

  describe('when storing the new photo fails', () => {
    /** A member with a photo, and a replacement that fails as `fail` makes it: the old photo must stay. */
    async function replaceFailing(fail: (userId: string) => Promise<() => Promise<void>>) {
      const { cookie, user } = await member();
      const { profileImageUrl } = (await upload(cookie, PNG)).json();
      const before = (await t.app.inject(profileImageUrl)).rawPayload;
      const keys = await storedKeys();
      const restore = await fail(user.id);
      let failed: Awaited<ReturnType<typeof upload>>;
      try {
        failed = await upload(cookie, JPEG, 'new.jpg', 'image/jpeg');
      } finally {
        await restore();
      }
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ message: messages.common.internal, code: 'INTERNAL_SERVER_ERROR' });
      // The old photo is still the member's and still served; the new one left nothing stored.
      expect((await get('/api/auth/user', cookie)).json().profileImageUrl).toBe(profileImageUrl);
      const served = await t.app.inject(profileImageUrl);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(before)).toBe(true);
      expect(await storedKeys()).toEqual(keys);
    }

    /** Makes PostgreSQL refuse `event` on `table` for the rows `when` picks, until the returned function runs. */
    async function refuse(table: 'users' | 'photos', event: string, when: RawBuilder<unknown>) {
      await sql`CREATE FUNCTION refuse_photo() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'photo refused by the test'; END $$`.execute(db);
      await sql`CREATE TRIGGER refuse_photo BEFORE ${sql.raw(event)} ON ${sql.id(table)}
        FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION refuse_photo()`.execute(db);
      return async () => {
        await sql`DROP TRIGGER refuse_photo ON ${sql.id(table)}`.execute(db);
        await sql`DROP FUNCTION refuse_photo()`.execute(db);
      };
    }

    it('keeps the old photo, and removes the size already stored, when the store refuses the other size', async () => {
      await replaceFailing(() => refuse('photos', 'INSERT', sql`NEW.key LIKE '%-512.webp'`));
    });

    it('keeps the old photo, and removes the new one, when the member row cannot be updated', async () => {
      await replaceFailing((userId) => refuse('users', 'UPDATE OF profile_image_url', sql`NEW.id = ${sql.lit(userId)}`));
    });
  });

  it('refuses a renamed non-image, an oversize file and a missing file', async () => {
    const { cookie } = await member();
    const renamed = await upload(cookie, Buffer.from('<script>alert(1)</script>'), 'cat.png', 'image/png');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({ message: 'Invalid file type', code: 'BAD_REQUEST' });
    const huge = await upload(cookie, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'big.png', 'image/png');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'File too large', code: 'PAYLOAD_TOO_LARGE' });
    const wrongField = await upload(cookie, PNG, 'me.png', 'image/png', 'avatar');
    expect(wrongField.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/upload-photo', payload: { profilePhoto: 'x' } })).statusCode).toBe(401);
  });
});
