import { COMMISSION_PER_UPGRADE_CENTAVOS, messages, VIP_SPONSOR_BONUS_CENTAVOS } from '@app/contracts';
import { type DbHandle, insertUser, postToLedger } from '@app/db';
import { createTestDb } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActor } from '../src/activity/service';
import { AppError } from '../src/lib/errors';
import { applyReferralCode } from '../src/referrals/service';
import { approveVip, rejectVip } from '../src/vip/review';
import { requestUpgrade, upgradeWithEarnings } from '../src/vip/service';

/*
 * VIP upgrades called directly on a database, without HTTP (docs/testing.md#test-layers,
 * docs/product-rules.md#decided-rules): what an upgrade by payment proof or by earnings writes, what an
 * admin's approval or refusal writes (the plan, the operator's commission, the sponsor's bonus, the log),
 * and what each refuses.
 */

let handle: DbHandle;
let admin: AdminActor;
let counter = 0;
const clock = { now: new Date('2026-11-20T04:00:00.000Z'), timeZone: 'Asia/Manila' };
const { now } = clock;

beforeAll(async () => {
  handle = await createTestDb();
  const row = await insertUser(handle.db, { email: 'vip-services-admin@example.com' });
  admin = { adminId: row.id, ip: '203.0.113.9' };
});
afterAll(async () => {
  await handle.close();
});

function member() {
  counter += 1;
  return insertUser(handle.db, { email: `vip-services-${counter}@example.com`, firstName: 'Vic' });
}

/** A 13-digit G-CASH reference no other test uses. */
function proof(): string {
  counter += 1;
  return String(1_000_000_000_000 + counter);
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const pendingRequestOf = (userId: string) =>
  handle.db.selectFrom('vipRequests').select(['id', 'status']).where('userId', '=', userId).executeTakeFirstOrThrow();
const commissionFor = (sourceId: string) =>
  handle.db.selectFrom('commissionEntries').select(['kind', 'amount']).where('sourceId', '=', sourceId).execute();

describe('an upgrade by payment proof', () => {
  it('waits for an admin, whose approval starts the plan and earns the operator ₱5 once', async () => {
    const buyer = await member();
    expect(await requestUpgrade(handle.db, buyer.id, 'VIP300', proof(), clock)).toMatchObject({
      vipPendingApproval: true,
      pendingVipTier: 'VIP300',
    });
    const request = await pendingRequestOf(buyer.id);

    const approved = await approveVip(handle.db, request.id, admin, now);
    expect(approved).toMatchObject({ id: buyer.id, vipTier: 'VIP300' });
    expect(await commissionFor(request.id)).toEqual([{ kind: 'upgrade', amount: COMMISSION_PER_UPGRADE_CENTAVOS }]);
    // Decided once: a second approval is a conflict and earns nothing more.
    expect((await refusal(approveVip(handle.db, request.id, admin, now))).code).toBe('CONFLICT');
    expect(await commissionFor(request.id)).toHaveLength(1);
  });

  it('refuses a reference used before, and a second request while one waits', async () => {
    const [first, second] = [await member(), await member()];
    const reference = proof();
    await requestUpgrade(handle.db, first.id, 'VIP300', reference, clock);
    expect(await refusal(requestUpgrade(handle.db, second.id, 'VIP300', reference, clock))).toMatchObject({
      code: 'CONFLICT',
      message: messages.vip.proofUsed,
    });
    expect(await refusal(requestUpgrade(handle.db, first.id, 'VIP400', proof(), clock))).toMatchObject({
      code: 'CONFLICT',
      message: messages.vip.alreadyPending,
    });
  });

  it('is refused by an admin with a reason, logged, with no plan and no commission', async () => {
    const buyer = await member();
    await requestUpgrade(handle.db, buyer.id, 'VIP500', proof(), clock);
    const request = await pendingRequestOf(buyer.id);
    const refused = await rejectVip(handle.db, request.id, 'No payment with this reference', admin, now);
    expect(refused).toMatchObject({ id: buyer.id, vipTier: 'FREE' });
    expect(await pendingRequestOf(buyer.id)).toMatchObject({ status: 'rejected' });
    expect(await commissionFor(request.id)).toEqual([]);
    const log = await handle.db.selectFrom('adminLogs').select(['action', 'details']).where('targetId', '=', buyer.id).execute();
    expect(log).toEqual([{ action: 'reject_vip', details: expect.objectContaining({ reason: 'No payment with this reference' }) }]);
  });

  it('is never approved by the admin who asked for it', async () => {
    await requestUpgrade(handle.db, admin.adminId, 'VIP300', proof(), clock);
    const request = await pendingRequestOf(admin.adminId);
    expect(await refusal(approveVip(handle.db, request.id, admin, now))).toMatchObject({
      code: 'FORBIDDEN',
      message: messages.admin.ownVipRequest,
    });
  });

  it('pays the sponsor their bonus on the friend’s first VIP', async () => {
    const [sponsor, friend] = [await member(), await member()];
    await applyReferralCode(handle.db, friend.id, sponsor.referralCode, now);
    await requestUpgrade(handle.db, friend.id, 'VIP300', proof(), clock);
    await approveVip(handle.db, (await pendingRequestOf(friend.id)).id, admin, now);
    const bonuses = await handle.db
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
    await handle.db
      .transaction()
      .execute((trx) =>
        postToLedger(trx, { userId: buyer.id, type: 'admin_adjustment', amount: 35_000, description: 'Opening', adminId: admin.adminId }),
      );
    expect(await upgradeWithEarnings(handle.db, buyer.id, 'VIP300', clock)).toMatchObject({ vipTier: 'VIP300' });
    const user = await handle.db.selectFrom('users').select('availableBalance').where('id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(user.availableBalance).toBe(5_000);

    const short = await refusal(upgradeWithEarnings(handle.db, buyer.id, 'VIP500', clock));
    expect(short.code).toBe('BAD_REQUEST');
    const after = await handle.db.selectFrom('users').select('availableBalance').where('id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(after.availableBalance).toBe(5_000);
  });
});
