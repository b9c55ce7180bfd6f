import { COMMISSION_PER_UPGRADE_CENTAVOS, messages, staffMessages, VIP_SPONSOR_BONUS_CENTAVOS } from '@app/contracts';
import { insertUser, postToLedger } from '@app/db';
import { describe, expect, it } from 'vitest';
import { applyReferralCode } from '../src/referrals/code';
import { approveVipRequestAsAdmin, rejectVipRequestAsAdmin } from '../src/vip/review';
import { requestUpgrade, upgradeWithEarnings } from '../src/vip/service';
import { refusal, serviceDatabase, userColumns } from './services';

/*
 * VIP upgrades called directly on a database, without HTTP (docs/testing.md#test-layers,
 * docs/product-rules.md#decided-rules): what an upgrade by payment proof or by earnings writes, what an
 * admin's approval or refusal writes (the plan, the operator's commission, the sponsor's bonus, the log),
 * and what each refuses.
 */

let counter = 0;
const clock = { now: new Date('2026-11-20T04:00:00.000Z'), timeZone: 'Asia/Manila' };
const { now } = clock;

const database = serviceDatabase('vip-services-admin@example.com');
/** The G-CASH account the admins set in the system settings, which members pay plans to. */
const payee = { gcashNumber: '09171234567', gcashName: 'PesoTasks Inc.' };

function member() {
  counter += 1;
  return insertUser(database.handle.db, { email: `vip-services-${counter}@example.com`, firstName: 'Vic' });
}

/** A 13-digit G-CASH reference no other test uses. */
function proof(): string {
  counter += 1;
  return String(1_000_000_000_000 + counter);
}

const pendingRequestOf = (userId: string) =>
  database.handle.db.selectFrom('vipRequests').select(['id', 'status']).where('userId', '=', userId).executeTakeFirstOrThrow();
const commissionFor = (sourceId: string) =>
  database.handle.db.selectFrom('commissionEntries').select(['kind', 'amount']).where('sourceId', '=', sourceId).execute();

describe('an upgrade by payment proof', () => {
  it('waits for an admin, whose approval starts the plan and earns the operator ₱5 once', async () => {
    const buyer = await member();
    expect(await requestUpgrade(database.handle.db, buyer.id, 'VIP300', proof(), clock, payee)).toMatchObject({
      vipPendingApproval: true,
      pendingVipTier: 'VIP300',
    });
    const request = await pendingRequestOf(buyer.id);

    const approved = await approveVipRequestAsAdmin(database.handle.db, request.id, database.admin, now);
    expect(approved).toMatchObject({ id: buyer.id, vipTier: 'VIP300' });
    expect(await commissionFor(request.id)).toEqual([{ kind: 'upgrade', amount: COMMISSION_PER_UPGRADE_CENTAVOS }]);
    // Decided once: a second approval is a conflict and earns nothing more.
    expect((await refusal(approveVipRequestAsAdmin(database.handle.db, request.id, database.admin, now))).code).toBe('CONFLICT');
    expect(await commissionFor(request.id)).toHaveLength(1);
  });

  it('is refused while the site has no G-CASH payee to pay, and nothing waits for an admin', async () => {
    const buyer = await member();
    for (const unset of [
      { gcashNumber: null, gcashName: null },
      { ...payee, gcashName: null },
    ]) {
      expect(await refusal(requestUpgrade(database.handle.db, buyer.id, 'VIP300', proof(), clock, unset))).toMatchObject({
        code: 'CONFLICT',
        message: messages.vip.gcashUnavailable,
      });
    }
    expect(await database.handle.db.selectFrom('vipRequests').select('id').where('userId', '=', buyer.id).execute()).toEqual([]);
  });

  it('refuses a reference used before, and a second request while one waits', async () => {
    const [first, second] = [await member(), await member()];
    const reference = proof();
    await requestUpgrade(database.handle.db, first.id, 'VIP300', reference, clock, payee);
    expect(await refusal(requestUpgrade(database.handle.db, second.id, 'VIP300', reference, clock, payee))).toMatchObject({
      code: 'CONFLICT',
      message: messages.vip.proofUsed,
    });
    expect(await refusal(requestUpgrade(database.handle.db, first.id, 'VIP400', proof(), clock, payee))).toMatchObject({
      code: 'CONFLICT',
      message: messages.vip.alreadyPending,
    });
  });

  it('is refused by an admin with a reason, logged, with no plan and no commission', async () => {
    const buyer = await member();
    await requestUpgrade(database.handle.db, buyer.id, 'VIP500', proof(), clock, payee);
    const request = await pendingRequestOf(buyer.id);
    const refused = await rejectVipRequestAsAdmin(database.handle.db, request.id, 'No payment with this reference', database.admin, now);
    expect(refused).toMatchObject({ id: buyer.id, vipTier: 'FREE' });
    expect(await pendingRequestOf(buyer.id)).toMatchObject({ status: 'rejected' });
    expect(await commissionFor(request.id)).toEqual([]);
    const log = await database.handle.db.selectFrom('adminLogs').select(['action', 'details']).where('targetId', '=', buyer.id).execute();
    expect(log).toEqual([{ action: 'reject_vip', details: expect.objectContaining({ reason: 'No payment with this reference' }) }]);
  });

  it('is never approved by the admin who asked for it', async () => {
    await requestUpgrade(database.handle.db, database.admin.adminId, 'VIP300', proof(), clock, payee);
    const request = await pendingRequestOf(database.admin.adminId);
    expect(await refusal(approveVipRequestAsAdmin(database.handle.db, request.id, database.admin, now))).toMatchObject({
      code: 'FORBIDDEN',
      message: staffMessages.admin.ownVipRequest,
    });
  });

  it('pays the sponsor their bonus on the friend’s first VIP', async () => {
    const [sponsor, friend] = [await member(), await member()];
    await applyReferralCode(database.handle.db, friend.id, sponsor.referralCode, now);
    await requestUpgrade(database.handle.db, friend.id, 'VIP300', proof(), clock, payee);
    await approveVipRequestAsAdmin(database.handle.db, (await pendingRequestOf(friend.id)).id, database.admin, now);
    const bonuses = await database.handle.db
      .selectFrom('transactions')
      .select('amount')
      .where('userId', '=', sponsor.id)
      .where('type', '=', 'referral_bonus')
      .execute();
    expect(bonuses).toEqual([{ amount: VIP_SPONSOR_BONUS_CENTAVOS }]);
  });
});

describe('an upgrade with earnings', () => {
  it('takes the price from the balance in one ledger row and starts the plan at once, or refuses a short balance', async () => {
    const buyer = await member();
    await database.handle.db.transaction().execute((trx) =>
      postToLedger(trx, {
        userId: buyer.id,
        type: 'admin_adjustment',
        amount: 35_000,
        description: 'Opening',
        adminId: database.admin.adminId,
      }),
    );
    expect(await upgradeWithEarnings(database.handle.db, buyer.id, 'VIP300', clock)).toMatchObject({ vipTier: 'VIP300' });
    expect(await userColumns(database.handle.db, buyer.id, ['availableBalance'])).toEqual({ availableBalance: 5_000 });

    const short = await refusal(upgradeWithEarnings(database.handle.db, buyer.id, 'VIP500', clock));
    expect(short.code).toBe('BAD_REQUEST');
    expect(await userColumns(database.handle.db, buyer.id, ['availableBalance'])).toEqual({ availableBalance: 5_000 });
  });
});
