import { formatDate, noticeMessages } from '@app/contracts';
import { checkBooks, insertUser, postToLedger } from '@app/db';
import { describe, expect, it } from 'vitest';
import { decidePayout, decidePayoutAsAdmin } from '../src/payouts/review';
import { listPayouts, requestPayout } from '../src/payouts/service';
import { applyReferralCode } from '../src/referrals/code';
import { reviewHeldReferral } from '../src/referrals/review';
import { creditReferralMilestone } from '../src/referrals/service';
import { setPayoutHold } from '../src/risk/review';
import { recordSignal } from '../src/risk/service';
import { setAvailableBalance } from '../src/users/service';
import { approveVipRequestAsAdmin, rejectVipRequestAsAdmin } from '../src/vip/review';
import { requestUpgrade } from '../src/vip/service';
import { refusal, serviceDatabase } from './services';

/*
 * The notices a member gets when their money or standing changes (docs/product-rules.md#notices-of-money),
 * called directly on a database: the text, the page it links to, who caused it, and that it is written in
 * the change's own transaction (a change refused or rolled back leaves no notice). And the transfer
 * reference an approval may carry: stored, answered, in the notice and covered by the books check.
 */

let counter = 0;
const clock = { now: new Date('2026-11-20T04:00:00.000Z'), timeZone: 'Asia/Manila' };
const { now } = clock;
/** `minutes` after `now`: notices of one member in the order they were written. */
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const gcash = {
  paymentMethod: 'G-CASH' as const,
  destination: { method: 'G-CASH' as const, mobile: '+639171234567', accountName: 'Juan Dela Cruz' },
};

const database = serviceDatabase('notice-services-admin@example.com');

async function member(centavos = 0, firstName = 'Ana') {
  counter += 1;
  const row = await insertUser(database.handle.db, { email: `notice-services-${counter}@example.com`, firstName, lastName: 'Cruz' });
  if (centavos > 0) {
    await database.handle.db
      .transaction()
      .execute((trx) =>
        postToLedger(trx, { userId: row.id, type: 'admin_adjustment', amount: centavos, description: 'Opening', createdAt: now }),
      );
  }
  return row;
}

/** The member's notices, oldest first, as the bell's list and the database hold them. */
function noticesOf(userId: string) {
  return database.handle.db
    .selectFrom('notifications')
    .select(['title', 'message', 'type', 'link', 'createdBy', 'isGlobal'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('title')
    .execute();
}

const byAdmin = () => ({ createdBy: database.admin.adminId, isGlobal: false });

describe('a payout decision', () => {
  it('tells the member where the money went and the transfer reference, which the payout keeps and the books cover', async () => {
    const payee = await member(20_000);
    const payout = await requestPayout(database.handle.db, payee.id, { ...gcash, amount: 20_000 }, { now, deviceId: null });

    const approved = await decidePayoutAsAdmin(
      database.handle.db,
      payout.id,
      { status: 'approved', transferReference: '1234567890123' },
      database.admin,
      now,
    );
    expect(approved).toMatchObject({ status: 'approved', transferReference: '1234567890123' });
    expect(await listPayouts(database.handle.db, payee.id, { limit: 10, offset: 0 })).toMatchObject([
      { transferReference: '1234567890123' },
    ]);
    expect(await noticesOf(payee.id)).toEqual([
      {
        title: 'Payout sent',
        message: '₱200.00 sent to GCash 0917•••4567. Reference: 1234567890123.',
        type: 'success',
        link: '/payouts',
        ...byAdmin(),
      },
    ]);
    const log = await database.handle.db
      .selectFrom('adminLogs')
      .select('details')
      .where('targetId', '=', payout.id)
      .executeTakeFirstOrThrow();
    expect(log.details).toMatchObject({ transferReference: '1234567890123' });

    // The reference is part of the payout's record: changed in the database, the books check names the payout.
    const payoutProblems = async () =>
      (await checkBooks(database.handle.db)).problems.filter((problem) => problem.kind === 'payout-changed');
    expect(await payoutProblems()).toEqual([]);
    await database.handle.db.updateTable('payouts').set({ transferReference: '9999999999999' }).where('id', '=', payout.id).execute();
    expect(await payoutProblems()).toEqual([expect.objectContaining({ description: expect.stringContaining(payout.id) })]);
    await database.handle.db.updateTable('payouts').set({ transferReference: '1234567890123' }).where('id', '=', payout.id).execute();
    expect(await payoutProblems()).toEqual([]);
  });

  it('says the method alone without a reference, and leaves no notice when the caller rolls the decision back', async () => {
    const payee = await member(15_000);
    const payout = await requestPayout(database.handle.db, payee.id, { ...gcash, amount: 15_000 }, { now, deviceId: null });
    const rolledBack = database.handle.db.transaction().execute(async (trx) => {
      await decidePayout(trx, payout.id, { status: 'approved', transferReference: '1234567890123' }, database.admin.adminId, now);
      throw new Error('the caller failed after deciding');
    });
    await expect(rolledBack).rejects.toThrow('the caller failed after deciding');
    expect(await noticesOf(payee.id)).toEqual([]);
    expect(await listPayouts(database.handle.db, payee.id, { limit: 10, offset: 0 })).toMatchObject([{ transferReference: null }]);

    await decidePayoutAsAdmin(database.handle.db, payout.id, { status: 'approved' }, database.admin, now);
    expect(await noticesOf(payee.id)).toMatchObject([{ message: '₱150.00 sent to GCash 0917•••4567.' }]);
  });

  it('tells a declined payout with the reason, and a refused approval (payouts on hold) tells nothing', async () => {
    const payee = await member(30_000);
    const payout = await requestPayout(database.handle.db, payee.id, { ...gcash, amount: 15_000 }, { now, deviceId: null });
    await setPayoutHold(database.handle.db, { userId: payee.id, hold: true, reason: 'Checking your wallet' }, database.admin, now);
    const refused = await refusal(decidePayoutAsAdmin(database.handle.db, payout.id, { status: 'approved' }, database.admin, now));
    expect(refused.code).toBe('CONFLICT');
    expect((await noticesOf(payee.id)).map((notice) => notice.title)).toEqual(['Payouts on hold']);

    await decidePayoutAsAdmin(database.handle.db, payout.id, { status: 'declined', reason: 'Wrong number' }, database.admin, later(1));
    const message = noticeMessages.payoutDeclinedBody('₱150.00', 'Wrong number');
    expect(message).toContain('declined: Wrong number.');
    expect((await noticesOf(payee.id))[1]).toEqual({
      title: 'Payout declined',
      message,
      type: 'warning',
      link: '/payouts',
      ...byAdmin(),
    });
  });
});

describe('a payout hold', () => {
  it('tells the member when it is placed and lifted, each with the reason', async () => {
    const held = await member();
    await setPayoutHold(database.handle.db, { userId: held.id, hold: true, reason: 'Shared wallet' }, database.admin, now);
    await setPayoutHold(database.handle.db, { userId: held.id, hold: false, reason: 'Wallet is yours' }, database.admin, later(1));
    expect(await noticesOf(held.id)).toEqual([
      {
        title: 'Payouts on hold',
        message: 'Your payouts are on hold: Shared wallet. Pending payouts wait until the hold is lifted.',
        type: 'warning',
        link: '/payouts',
        ...byAdmin(),
      },
      {
        title: 'Payout hold lifted',
        message: 'The hold on your payouts was lifted: Wallet is yours. You can request payouts again.',
        type: 'success',
        link: '/payouts',
        ...byAdmin(),
      },
    ]);
  });
});

describe('a balance edit', () => {
  it('is written in the member’s language, with the admin’s reason as the admin typed it (docs/architecture.md#two-languages)', async () => {
    const filipino = await member(5_000);
    await database.handle.db.updateTable('users').set({ language: 'fil' }).where('id', '=', filipino.id).execute();
    await setAvailableBalance(
      database.handle.db,
      { userId: filipino.id, newBalance: 7_500, expectedBalance: 5_000, reason: 'Refund of a failed payout' },
      database.admin,
      now,
      10_000_000,
    );
    expect(await noticesOf(filipino.id)).toMatchObject([
      {
        title: 'Na-adjust ang balance',
        message: 'In-adjust ng admin ang available balance mo nang +₱25.00: Refund of a failed payout.',
      },
    ]);
  });

  it('tells the signed amount and the reason; an edit refused or of nothing tells nothing', async () => {
    const edited = await member(5_000);
    const edit = (newBalance: number, expectedBalance: number, reason: string, at: Date) =>
      setAvailableBalance(database.handle.db, { userId: edited.id, newBalance, expectedBalance, reason }, database.admin, at, 10_000_000);
    await edit(7_500, 5_000, 'Refund of a failed payout', now);
    await edit(6_500, 7_500, 'Bonus paid twice', later(1));
    await edit(6_500, 6_500, 'Nothing changes', later(2));
    expect((await refusal(edit(0, 5_000, 'Seen before', later(3)))).code).toBe('CONFLICT');
    expect(await noticesOf(edited.id)).toEqual([
      {
        title: 'Balance adjusted',
        message: 'An admin adjusted your available balance by +₱25.00: Refund of a failed payout.',
        type: 'info',
        link: '/',
        ...byAdmin(),
      },
      {
        title: 'Balance adjusted',
        message: 'An admin adjusted your available balance by -₱10.00: Bonus paid twice.',
        type: 'info',
        link: '/',
        ...byAdmin(),
      },
    ]);
  });
});

describe('a VIP decision', () => {
  const payee = { gcashNumber: '09171234567', gcashName: 'PesoTasks Inc.' };
  const requestOf = async (userId: string) => {
    counter += 1;
    await requestUpgrade(database.handle.db, userId, 'VIP300', String(2_000_000_000_000 + counter), clock, payee);
    return database.handle.db
      .selectFrom('vipRequests')
      .select('id')
      .where('userId', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
  };

  it('tells the plan and until when it runs, or the reason it was not approved', async () => {
    const buyer = await member();
    await approveVipRequestAsAdmin(database.handle.db, (await requestOf(buyer.id)).id, database.admin, now);
    const { vipExpiresAt } = await database.handle.db
      .selectFrom('users')
      .select('vipExpiresAt')
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(await noticesOf(buyer.id)).toEqual([
      {
        title: 'VIP approved',
        message: `Your VIP 300 plan is active until ${formatDate(vipExpiresAt as Date)}.`,
        type: 'success',
        link: '/vip',
        ...byAdmin(),
      },
    ]);

    const refused = await member();
    await rejectVipRequestAsAdmin(database.handle.db, (await requestOf(refused.id)).id, 'No such G-CASH reference', database.admin, now);
    const message = noticeMessages.vipRejectedBody('VIP 300', 'No such G-CASH reference');
    expect(message).toContain('not approved: No such G-CASH reference.');
    expect(await noticesOf(refused.id)).toEqual([
      {
        title: 'VIP request not approved',
        message,
        type: 'warning',
        link: '/vip',
        ...byAdmin(),
      },
    ]);
  });
});

describe('a referral bonus', () => {
  async function referred() {
    const [sponsor, friend] = [await member(0, 'Sam'), await member(0, 'Fe')];
    await applyReferralCode(database.handle.db, friend.id, sponsor.referralCode, now);
    return { sponsor, friend };
  }
  const firstTask = (friend: Awaited<ReturnType<typeof member>>) =>
    database.handle.db.transaction().execute((trx) => creditReferralMilestone(trx, friend, 'first-task', { adminId: null, now }));

  it('tells the sponsor it is pending, from the friend’s first task, with no admin as its cause', async () => {
    const { sponsor, friend } = await referred();
    expect(await firstTask(friend)).toBe('pending');
    expect(await noticesOf(sponsor.id)).toEqual([
      {
        title: 'Referral bonus pending',
        message: "Fe C. completed a first task: your ₱50.00 referral bonus is pending until Fe C.'s first payout is approved.",
        type: 'info',
        link: '/referrals',
        createdBy: null,
        isGlobal: false,
      },
    ]);
  });

  it('tells the sponsor it is held, then available once an admin pays it, or refused with the reason', async () => {
    for (const decision of ['pay', 'reject'] as const) {
      const { sponsor, friend } = await referred();
      await recordSignal(database.handle.db, sponsor.id, 'device', `notice-device-${decision}`, now);
      await recordSignal(database.handle.db, friend.id, 'device', `notice-device-${decision}`, now);
      expect(await firstTask(friend)).toBe('held');
      const { id } = await database.handle.db
        .selectFrom('referrals')
        .select('id')
        .where('referredUserId', '=', friend.id)
        .executeTakeFirstOrThrow();
      const reason = decision === 'pay' ? null : 'One phone for both accounts';
      await database.handle.db
        .transaction()
        .execute((trx) => reviewHeldReferral(trx, { referralId: id, decision, reason, adminId: database.admin.adminId }, now));
      const [held, decided] = await noticesOf(sponsor.id).then((notices) =>
        notices.sort((a, b) => Number(a.title !== 'Referral bonus under review') - Number(b.title !== 'Referral bonus under review')),
      );
      expect(held).toEqual({
        title: 'Referral bonus under review',
        message: noticeMessages.bonusHeldBody('₱50.00', 'Fe C.'),
        type: 'warning',
        link: '/referrals',
        createdBy: null,
        isGlobal: false,
      });
      expect(decided).toEqual(
        decision === 'pay'
          ? {
              title: 'Referral bonus available',
              message: 'Your ₱50.00 referral bonus for Fe C. is now in your available balance.',
              type: 'success',
              link: '/referrals',
              ...byAdmin(),
            }
          : {
              title: 'Referral bonus refused',
              message: 'Your ₱50.00 referral bonus for Fe C. was refused after review: One phone for both accounts.',
              type: 'warning',
              link: '/referrals',
              ...byAdmin(),
            },
      );
    }
  });

  it('tells the sponsor a bonus available at once, in the approval of the friend’s first VIP', async () => {
    const { sponsor, friend } = await referred();
    counter += 1;
    await requestUpgrade(database.handle.db, friend.id, 'VIP300', String(3_000_000_000_000 + counter), clock, {
      gcashNumber: '09171234567',
      gcashName: 'PesoTasks Inc.',
    });
    const request = await database.handle.db
      .selectFrom('vipRequests')
      .select('id')
      .where('userId', '=', friend.id)
      .executeTakeFirstOrThrow();
    await approveVipRequestAsAdmin(database.handle.db, request.id, database.admin, now);
    expect(await noticesOf(sponsor.id)).toEqual([
      {
        title: 'Referral bonus available',
        message: 'Your ₱50.00 referral bonus for Fe C. is now in your available balance.',
        type: 'success',
        link: '/referrals',
        ...byAdmin(),
      },
    ]);
  });
});
