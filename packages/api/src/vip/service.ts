import { formatPesos, messages, planName, type VipStatus } from '@app/contracts';
import { type Db, InsufficientFundsError, postToLedger, type Tx, type UserRow, type VipPlanRow } from '@app/db';
import { badRequest, conflict, isUniqueViolation } from '../lib/errors';
import { notifyMember } from '../notifications/service';
import { creditReferralMilestone } from '../referrals/service';
import { refreshRiskScores } from '../risk/service';
import { activatePlan } from './activate';
import { findActivePlan } from './plans';
import { vipStatus } from './status';
import { effectiveTier } from './tier';

interface Clock {
  now: Date;
  timeZone: string;
}

async function planOrRefuse(db: Db, planId: string): Promise<VipPlanRow> {
  const plan = await findActivePlan(db, planId);
  if (!plan) throw badRequest(messages.vip.planUnavailable);
  return plan;
}

/** Locks the member and refuses a purchase of the plan already running, or while a request waits. */
async function lockBuyer(trx: Db, userId: string, plan: VipPlanRow, now: Date): Promise<UserRow> {
  const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
  if (effectiveTier(user, now).tier === plan.id) throw conflict(messages.vip.alreadyActive);
  const pending = await trx
    .selectFrom('vipRequests')
    .select('id')
    .where('userId', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (pending) throw conflict(messages.vip.alreadyPending);
  return user;
}

async function statusOf(db: Db, userId: string, clock: Clock): Promise<VipStatus> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return vipStatus(db, user, clock.now, clock.timeZone);
}

/**
 * VIP by payment proof (docs/product-rules.md#decided-rules): a 13-digit G-CASH reference, usable once ever, one
 * pending request per member. The plan starts when an admin approves it.
 */
export async function requestUpgrade(db: Db, userId: string, planId: string, transactionProof: string, clock: Clock): Promise<VipStatus> {
  const plan = await planOrRefuse(db, planId);
  try {
    await db.transaction().execute(async (trx) => {
      await lockBuyer(trx, userId, plan, clock.now);
      const used = await trx.selectFrom('vipRequests').select('id').where('transactionProof', '=', transactionProof).executeTakeFirst();
      if (used) throw conflict(messages.vip.proofUsed);
      await trx
        .insertInto('vipRequests')
        .values({
          userId,
          planId: plan.id,
          paymentMethod: 'gcash',
          transactionProof,
          price: plan.price,
          status: 'pending',
          createdAt: clock.now,
        })
        .execute();
      await trx
        .updateTable('users')
        .set({ vipPendingApproval: true, vipPaymentStatus: 'pending', updatedAt: clock.now })
        .where('id', '=', userId)
        .execute();
    });
  } catch (error) {
    // Two requests racing past the checks above meet the unique indexes instead.
    if (isUniqueViolation(error, 'vip_requests_transaction_proof_key')) throw conflict(messages.vip.proofUsed);
    if (isUniqueViolation(error, 'vip_requests_one_pending_idx')) throw conflict(messages.vip.alreadyPending);
    throw error;
  }
  return statusOf(db, userId, clock);
}

/** VIP with earnings: the price leaves the available balance and the plan starts at once. */
export async function upgradeWithEarnings(db: Db, userId: string, planId: string, clock: Clock): Promise<VipStatus> {
  const plan = await planOrRefuse(db, planId);
  try {
    await db.transaction().execute(async (trx) => {
      await lockBuyer(trx, userId, plan, clock.now);
      const request = await trx
        .insertInto('vipRequests')
        .values({
          userId,
          planId: plan.id,
          paymentMethod: 'earnings',
          price: plan.price,
          status: 'approved',
          decidedAt: clock.now,
          createdAt: clock.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await postToLedger(trx, {
        userId,
        type: 'vip_purchase',
        amount: plan.price,
        description: messages.vip.purchaseDescription(plan.name),
        vipRequestId: request.id,
        createdAt: clock.now,
      });
      await activatePlan(trx, { userId, plan, requestId: request.id, now: clock.now });
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw badRequest(messages.vip.insufficientBalance(formatPesos(error.available)));
    throw error;
  }
  return statusOf(db, userId, clock);
}

/**
 * An admin's approval of a payment-proof request: the plan starts now, the operator earns the upgrade
 * commission, and on the member's first approved VIP their sponsor gets the VIP bonus. Returns null
 * when the request was not pending (already decided), so a double click approves once.
 */
export async function approveVipRequest(db: Db, requestId: string, adminId: string, now: Date): Promise<{ userId: string } | null> {
  const approved = await db.transaction().execute((trx) => approvePendingVipRequest(trx, requestId, adminId, now));
  if (approved?.referralHeld) await refreshRiskScores(db, [approved.userId], now);
  return approved && { userId: approved.userId };
}

/** approveVipRequest inside the caller's transaction, for an admin call that logs in the same one. */
export async function approvePendingVipRequest(
  trx: Tx,
  requestId: string,
  adminId: string,
  now: Date,
): Promise<{ userId: string; referralHeld: boolean } | null> {
  const request = await trx
    .updateTable('vipRequests')
    .set({ status: 'approved', decidedBy: adminId, decidedAt: now })
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .returning(['id', 'userId', 'planId'])
    .executeTakeFirst();
  if (!request) return null;
  const member = await trx.selectFrom('users').selectAll().where('id', '=', request.userId).forNoKeyUpdate().executeTakeFirstOrThrow();
  // The plan as it is now: an admin may have edited it since the member asked.
  const plan = await trx.selectFrom('vipPlans').selectAll().where('id', '=', request.planId).executeTakeFirstOrThrow();
  await activatePlan(trx, { userId: member.id, plan, requestId: request.id, now });
  const referral = member.referredBy ? await creditReferralMilestone(trx, member, 'first-vip', now) : null;
  return { userId: member.id, referralHeld: referral === 'held' };
}

/** An admin's refusal of a payment-proof request, with the reason; the member may ask again. */
export async function rejectVipRequest(
  db: Db,
  requestId: string,
  adminId: string,
  reason: string,
  now: Date,
): Promise<{ userId: string } | null> {
  return db.transaction().execute((trx) => rejectPendingVipRequest(trx, requestId, adminId, reason, now));
}

/** rejectVipRequest inside the caller's transaction. */
export async function rejectPendingVipRequest(
  trx: Tx,
  requestId: string,
  adminId: string,
  reason: string,
  now: Date,
): Promise<{ userId: string } | null> {
  const request = await trx
    .updateTable('vipRequests')
    .set({ status: 'rejected', reason, decidedBy: adminId, decidedAt: now })
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .returning(['userId', 'planId'])
    .executeTakeFirst();
  if (!request) return null;
  await trx
    .updateTable('users')
    .set({ vipPendingApproval: false, vipPaymentStatus: 'rejected', updatedAt: now })
    .where('id', '=', request.userId)
    .execute();
  await notifyMember(trx, {
    userId: request.userId,
    title: messages.decisions.vipRejectedTitle,
    message: messages.decisions.vipRejectedBody(planName(request.planId), reason),
    type: 'warning',
    adminId,
    now,
  });
  return { userId: request.userId };
}
