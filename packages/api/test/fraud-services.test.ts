import { messages, noticeMessages, staffMessages } from '@app/contracts';
import { insertUser } from '@app/db';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { requestPayout } from '../src/payouts/service';
import { applyReferralCode } from '../src/referrals/code';
import { reviewHeldReferral } from '../src/referrals/review';
import { creditReferralMilestone, settlePendingBonus } from '../src/referrals/service';
import { setPayoutHold } from '../src/risk/review';
import { recordSignal } from '../src/risk/service';
import { refusal, serviceDatabase, userColumns } from './services';

/*
 * The referral and fraud rules called directly on a database, without HTTP (docs/testing.md#test-layers,
 * docs/product-rules.md#fraud-rules): what each one writes and what it refuses. The HTTP suites
 * (apps/server/test/fraud.test.ts) prove the same rules reach the member and the admin.
 */

let counter = 0;
const now = new Date('2026-11-20T04:00:00.000Z');

const database = serviceDatabase('fraud-services-admin@example.com');

function member(firstName = 'Ana') {
  counter += 1;
  return insertUser(database.handle.db, { email: `fraud-services-${counter}@example.com`, firstName, lastName: 'Reyes' });
}

/** The sponsor's bonuses credited to the available balance. */
function bonusesOf(userId: string) {
  return database.handle.db
    .selectFrom('transactions')
    .select(['amount'])
    .where('userId', '=', userId)
    .where('type', 'in', ['referral_bonus', 'referral_bonus_released'])
    .execute();
}

/** Every referral ledger row of the sponsor's, oldest first: credited, pending, released, withheld. */
function referralRowsOf(userId: string) {
  return database.handle.db
    .selectFrom('transactions')
    .select(['type', 'amount'])
    .where('userId', '=', userId)
    .where('type', 'in', ['referral_bonus', 'referral_bonus_pending', 'referral_bonus_released', 'referral_bonus_withheld'])
    .orderBy('seq')
    .execute();
}

/** The sponsor's balances a pending bonus moves. */
const balancesOf = (userId: string) => userColumns(database.handle.db, userId, ['availableBalance', 'pendingBonuses', 'referralEarnings']);

/** A payout of the friend's that an admin approved: what a pending bonus waits for. */
async function approvedPayoutOf(friend: { id: string }) {
  await database.handle.db
    .insertInto('payouts')
    .values({ userId: friend.id, paymentMethod: 'G-CASH', amount: 15_000, paymentDetails: 'x', status: 'approved', decidedAt: now })
    .execute();
}

describe('applyReferralCode', () => {
  it('makes the code’s owner the sponsor of a member who just joined', async () => {
    const [sponsor, friend] = [await member(), await member()];
    const referral = await applyReferralCode(database.handle.db, friend.id, sponsor.referralCode, now);
    expect(referral).toMatchObject({ status: 'pending', referredUserId: friend.id });
    const row = await database.handle.db.selectFrom('users').select('referredBy').where('id', '=', friend.id).executeTakeFirstOrThrow();
    expect(row.referredBy).toBe(sponsor.id);
  });

  it('refuses one’s own code and an unknown one, and writes nothing', async () => {
    const self = await member();
    expect(await refusal(applyReferralCode(database.handle.db, self.id, self.referralCode, now))).toMatchObject({
      message: messages.referrals.ownCode,
    });
    expect(await refusal(applyReferralCode(database.handle.db, self.id, 'NOSUCHCODE', now))).toMatchObject({
      code: 'NOT_FOUND',
      message: messages.referrals.codeUnknown,
    });
    expect(await database.handle.db.selectFrom('referrals').select('id').where('referredUserId', '=', self.id).execute()).toEqual([]);
  });

  it('refuses a member who joined more than 24 hours ago by the database’s clock, or who has completed a task', async () => {
    const sponsor = await member();
    const old = await member();
    await sql`UPDATE users SET created_at = now() - interval '25 hours' WHERE id = ${old.id}`.execute(database.handle.db);
    const worked = await member();
    await database.handle.db.updateTable('users').set({ completedTasks: 1 }).where('id', '=', worked.id).execute();
    for (const late of [old, worked]) {
      expect(await refusal(applyReferralCode(database.handle.db, late.id, sponsor.referralCode, now))).toMatchObject({
        code: 'BAD_REQUEST',
        message: messages.referrals.tooLate,
      });
    }
  });
});

describe('creditReferralMilestone', () => {
  async function referred() {
    const [sponsor, friend] = [await member('Sam'), await member('Fe')];
    await applyReferralCode(database.handle.db, friend.id, sponsor.referralCode, now);
    return { sponsor, friend };
  }

  const settle = (friend: { id: string }) =>
    database.handle.db.transaction().execute((trx) => settlePendingBonus(trx, friend.id, { adminId: database.admin.adminId, now }));

  it('credits the first-task bonus pending, once, and releases it at the friend’s first approved payout', async () => {
    const { sponsor, friend } = await referred();
    const credit = () =>
      database.handle.db.transaction().execute((trx) => creditReferralMilestone(trx, friend, 'first-task', { adminId: null, now }));
    expect(await credit()).toBe('pending');
    expect(await credit()).toBeNull();
    expect(await balancesOf(sponsor.id)).toEqual({ availableBalance: 0, pendingBonuses: 5_000, referralEarnings: 0 });
    expect(
      await database.handle.db
        .selectFrom('referrals')
        .select(['status', 'pendingReward', 'reward'])
        .where('referredUserId', '=', friend.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'awaiting_payout',
      pendingReward: 5_000,
      reward: 0,
    });

    expect(await settle(friend)).toEqual({ sponsorId: sponsor.id, outcome: 'released' });
    expect(await settle(friend)).toBeNull();
    expect(await balancesOf(sponsor.id)).toEqual({ availableBalance: 5_000, pendingBonuses: 0, referralEarnings: 5_000 });
    expect(await referralRowsOf(sponsor.id)).toEqual([
      { type: 'referral_bonus_pending', amount: 5_000 },
      { type: 'referral_bonus_released', amount: 5_000 },
    ]);
    const notices = await database.handle.db
      .selectFrom('notifications')
      .select(['title', 'message', 'link', 'createdBy'])
      .where('userId', '=', sponsor.id)
      .orderBy('title')
      .execute();
    expect(notices).toEqual([
      {
        title: noticeMessages.bonusReleasedTitle,
        message: noticeMessages.bonusReleasedBody('₱50.00', 'Fe R.'),
        link: '/referrals',
        createdBy: database.admin.adminId,
      },
      // The friend's own first task: no admin caused it.
      {
        title: noticeMessages.bonusPendingTitle,
        message: noticeMessages.bonusPendingBody('₱50.00', 'Fe R.'),
        link: '/referrals',
        createdBy: null,
      },
    ]);
  });

  it('holds the pending bonus, with the reason, when the two are in one cluster as the friend’s payout is approved', async () => {
    const { sponsor, friend } = await referred();
    await database.handle.db.transaction().execute((trx) => creditReferralMilestone(trx, friend, 'first-task', { adminId: null, now }));
    // Only at the payout do they show one wallet: the sponsor through a third account.
    const third = await member('Tres');
    await recordSignal(database.handle.db, sponsor.id, 'device', 'device-of-sponsor-and-third', now);
    await recordSignal(database.handle.db, third.id, 'device', 'device-of-sponsor-and-third', now);
    await recordSignal(database.handle.db, third.id, 'destination', 'mobile:+639170000077', now);
    await recordSignal(database.handle.db, friend.id, 'destination', 'mobile:+639170000077', now);

    expect(await settle(friend)).toEqual({ sponsorId: sponsor.id, outcome: 'held' });
    expect(await balancesOf(sponsor.id)).toEqual({ availableBalance: 0, pendingBonuses: 0, referralEarnings: 0 });
    expect(await referralRowsOf(sponsor.id)).toEqual([
      { type: 'referral_bonus_pending', amount: 5_000 },
      { type: 'referral_bonus_withheld', amount: 5_000 },
    ]);
    expect(
      await database.handle.db
        .selectFrom('referrals')
        .select(['status', 'pendingReward', 'heldReward', 'heldReason'])
        .where('referredUserId', '=', friend.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'held', pendingReward: 0, heldReward: 5_000, heldReason: staffMessages.risk.heldAtFirstPayout });
  });

  it('credits the first-task bonus at once when the friend had a payout approved before it', async () => {
    const { sponsor, friend } = await referred();
    await approvedPayoutOf(friend);
    expect(
      await database.handle.db.transaction().execute((trx) => creditReferralMilestone(trx, friend, 'first-task', { adminId: null, now })),
    ).toBe('credited');
    expect(await balancesOf(sponsor.id)).toEqual({ availableBalance: 5_000, pendingBonuses: 0, referralEarnings: 5_000 });
  });

  it('holds the bonus, paying nothing, when the friend shares a device or a payout destination with the sponsor', async () => {
    for (const [kind, value] of [
      ['device', 'device-shared-by-both'],
      ['destination', 'mobile:09170000001'],
    ] as const) {
      const { sponsor, friend } = await referred();
      await recordSignal(database.handle.db, sponsor.id, kind, value, now);
      await recordSignal(database.handle.db, friend.id, kind, value, now);
      expect(
        await database.handle.db.transaction().execute((trx) => creditReferralMilestone(trx, friend, 'first-task', { adminId: null, now })),
      ).toBe('held');
      expect(await bonusesOf(sponsor.id)).toEqual([]);
      const row = await database.handle.db
        .selectFrom('referrals')
        .select(['status', 'heldReward', 'reward'])
        .where('referredUserId', '=', friend.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'held', heldReward: 5_000, reward: 0 });
    }
  });

  it('pays a held bonus once an admin approves it, or forfeits it with the reason the sponsor reads', async () => {
    const decide = async (decision: 'pay' | 'reject', reason: string | null) => {
      const { sponsor, friend } = await referred();
      await recordSignal(database.handle.db, sponsor.id, 'device', `device-${decision}`, now);
      await recordSignal(database.handle.db, friend.id, 'device', `device-${decision}`, now);
      await database.handle.db.transaction().execute((trx) => creditReferralMilestone(trx, friend, 'first-task', { adminId: null, now }));
      const { id } = await database.handle.db
        .selectFrom('referrals')
        .select('id')
        .where('referredUserId', '=', friend.id)
        .executeTakeFirstOrThrow();
      await database.handle.db
        .transaction()
        .execute((trx) => reviewHeldReferral(trx, { referralId: id, decision, reason, adminId: database.admin.adminId }, now));
      const row = await database.handle.db
        .selectFrom('referrals')
        .select(['status', 'reviewNote', 'heldReward'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { sponsor, row, referralId: id };
    };

    const paid = await decide('pay', null);
    expect(paid.row).toMatchObject({ status: 'completed', heldReward: 0 });
    expect(await bonusesOf(paid.sponsor.id)).toEqual([{ amount: 5_000 }]);

    const refused = await decide('reject', 'Same phone as the sponsor');
    expect(refused.row).toEqual({ status: 'rejected', reviewNote: 'Same phone as the sponsor', heldReward: 0 });
    expect(await bonusesOf(refused.sponsor.id)).toEqual([]);
    // Decided once: a second decision is a conflict.
    const again = await refusal(
      database.handle.db
        .transaction()
        .execute((trx) =>
          reviewHeldReferral(trx, { referralId: refused.referralId, decision: 'pay', reason: null, adminId: database.admin.adminId }, now),
        ),
    );
    expect(again.code).toBe('CONFLICT');
  });
});

describe('setPayoutHold', () => {
  const request = {
    paymentMethod: 'G-CASH' as const,
    destination: { method: 'G-CASH' as const, mobile: '+639171234567', accountName: 'Juan Dela Cruz' },
    amount: 15_000,
  };

  it('refuses the member’s new payout requests with the reason until released, and logs both', async () => {
    const held = await member();
    await database.handle.db.updateTable('users').set({ availableBalance: 50_000 }).where('id', '=', held.id).execute();
    await setPayoutHold(database.handle.db, { userId: held.id, hold: true, reason: 'Five accounts on one phone' }, database.admin, now);

    const refused = await refusal(requestPayout(database.handle.db, held.id, request, { now, deviceId: null }));
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: messages.payouts.onHold('Five accounts on one phone') });
    expect(await database.handle.db.selectFrom('payouts').select('id').where('userId', '=', held.id).execute()).toEqual([]);

    await setPayoutHold(database.handle.db, { userId: held.id, hold: false, reason: 'Checked with the member' }, database.admin, now);
    await expect(requestPayout(database.handle.db, held.id, request, { now, deviceId: null })).resolves.toMatchObject({
      status: 'pending',
    });
    const log = await database.handle.db.selectFrom('adminLogs').select('action').where('targetId', '=', held.id).orderBy('seq').execute();
    expect(log.map((row) => row.action)).toEqual(['hold_payouts', 'release_payouts']);
  });

  it('lets no admin hold or release their own payouts', async () => {
    const own = await refusal(
      setPayoutHold(database.handle.db, { userId: database.admin.adminId, hold: true, reason: 'Mine' }, database.admin, now),
    );
    expect(own).toMatchObject({ code: 'FORBIDDEN', message: staffMessages.risk.ownHold });
  });
});
