import {
  COMMISSION_PER_UPGRADE_CENTAVOS,
  formatPesos,
  messages,
  VIP_REFERENCE_FIELD,
  type VipPaymentDetails,
  type VipStatus,
} from '@app/contracts';
import { type Db, InsufficientFundsError, postToLedger, type Tx, type UserRow, type VipPlanRow } from '@app/db';
import { sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { recordCommission } from '../commission/ledger';
import { AppError, badRequest, conflict, isUniqueViolation } from '../lib/errors';
import { readOncePerUserRow } from '../lib/shared-read';
import { dayRange } from '../lib/time';
import { completedTodayQuery, doneTodayQuery, progressOf } from '../tasks/limits';
import { findActivePlan } from './plans';
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

/** The member's one VIP request waiting for an admin, if any. */
export function pendingRequestOf(db: Db, userId: string) {
  return db.selectFrom('vipRequests').select('id').where('userId', '=', userId).where('status', '=', 'pending').executeTakeFirst();
}

/** Locks the member and refuses a purchase of the plan already running, or while a request waits. */
async function lockBuyer(trx: Db, userId: string, plan: VipPlanRow, now: Date): Promise<UserRow> {
  const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
  if (effectiveTier(user, now).tier === plan.id) throw conflict(messages.vip.alreadyActive);
  if (await pendingRequestOf(trx, userId)) throw conflict(messages.vip.alreadyPending);
  return user;
}

/** A reference used before: 409, with the field it is about, where the payment dialog shows it. */
const referenceUsed = () => new AppError('CONFLICT', messages.vip.proofUsed, { details: { field: VIP_REFERENCE_FIELD } });

async function statusOf(db: Db, userId: string, clock: Clock): Promise<VipStatus> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return readVipStatus(db, user, clock.now, clock.timeZone);
}

/**
 * VIP by payment proof (docs/product-rules.md#decided-rules): a 13-digit G-CASH reference, usable once ever, one
 * pending request per member, only while the site has a G-CASH payee to pay (`payee`, the system
 * settings as this instance reads them). The plan starts when an admin approves it.
 */
export async function requestUpgrade(
  db: Db,
  userId: string,
  planId: string,
  transactionProof: string,
  clock: Clock,
  payee: VipPaymentDetails,
): Promise<VipStatus> {
  if (!payee.gcashNumber || !payee.gcashName) throw conflict(messages.vip.gcashUnavailable);
  const plan = await planOrRefuse(db, planId);
  try {
    await db.transaction().execute(async (trx) => {
      await lockBuyer(trx, userId, plan, clock.now);
      const used = await trx.selectFrom('vipRequests').select('id').where('transactionProof', '=', transactionProof).executeTakeFirst();
      if (used) throw referenceUsed();
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
    if (isUniqueViolation(error, 'vip_requests_transaction_proof_key')) throw referenceUsed();
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
 * Starts a plan for a member now, replacing any running one, with the plan's terms copied onto the
 * member (docs/product-rules.md#decided-rules) so a later edit of the plan does not change it; and earns the operator's
 * upgrade commission for the request. Call inside the transaction that paid for it. Returns when the plan ends.
 */
export async function activatePlan(trx: Tx, input: { userId: string; plan: VipPlanRow; requestId: string; now: Date }): Promise<Date> {
  const { plan, now } = input;
  const expiresAt = new Date(now.getTime() + plan.validityDays * 24 * 60 * 60 * 1000);
  await trx
    .updateTable('users')
    .set({
      vipTier: plan.id,
      vipExpiresAt: expiresAt,
      vipDailyTaskLimit: plan.dailyTaskLimit,
      vipRewardPerTask: plan.rewardPerTask,
      vipPendingApproval: false,
      vipPaymentStatus: 'approved',
      updatedAt: now,
    })
    .where('id', '=', input.userId)
    .execute();
  await recordCommission(trx, {
    kind: 'upgrade',
    sourceId: input.requestId,
    amount: COMMISSION_PER_UPGRADE_CENTAVOS,
    description: `VIP upgrade to ${plan.name}`,
  });
  return expiresAt;
}

/**
 * What the status reads besides the user row, in one round trip: today's credited tasks (their count and
 * which tasks they were, for the task list's done-today mark, docs/screens.md#states) and the member's
 * latest VIP request (the one waiting, at most one is, else the latest, refused or not). Kept with the
 * user row for the day (readOncePerUserRow): both change only with a write that changes the row.
 */
function vipFacts(db: Db, user: UserRow, now: Date, timeZone: string) {
  const day = dayRange(now, timeZone);
  return readOncePerUserRow(user, `vip-status:${day.start.toISOString()}`, async () => {
    const row = await db
      .selectNoFrom((eb) => [
        completedTodayQuery(db, user.id, day).as('completedToday'),
        doneTodayQuery(db, user.id, day).as('doneToday'),
        jsonObjectFrom(
          eb
            .selectFrom('vipRequests')
            .select(['planId', 'status', 'reason', 'transactionProof', 'createdAt', 'decidedAt'])
            .where('userId', '=', user.id)
            .orderBy(sql`status = 'pending'`, 'desc')
            .orderBy('createdAt', 'desc')
            .orderBy('id', 'desc')
            .limit(1),
        ).as('latest'),
      ])
      .executeTakeFirstOrThrow();
    // Read through JSON, so its times arrive as text.
    const latest = row.latest && {
      ...row.latest,
      createdAt: new Date(row.latest.createdAt),
      decidedAt: row.latest.decidedAt === null ? null : new Date(row.latest.decidedAt),
    };
    return { completedToday: Number(row.completedToday), doneToday: row.doneToday ?? [], latest };
  });
}

export async function readVipStatus(db: Db, user: UserRow, now: Date, timeZone: string): Promise<VipStatus> {
  const { completedToday, doneToday, latest } = await vipFacts(db, user, now, timeZone);
  const progress = progressOf(user, now, completedToday);
  const pending = latest?.status === 'pending' ? latest : undefined;
  const rejected = latest?.status === 'rejected' ? latest : undefined;
  return {
    vipTier: progress.tier.tier,
    vipExpiresAt: progress.tier.expiresAt?.toISOString() ?? null,
    vipPendingApproval: user.vipPendingApproval,
    vipPaymentStatus: user.vipPaymentStatus,
    pendingVipTier: pending?.planId ?? null,
    pendingSince: pending?.createdAt.toISOString() ?? null,
    pendingReference: pending?.transactionProof ?? null,
    lastRejection: rejected
      ? { vipTier: rejected.planId, reason: rejected.reason ?? '', at: (rejected.decidedAt ?? rejected.createdAt).toISOString() }
      : null,
    dailyTaskLimit: progress.tier.dailyTaskLimit,
    tasksCompletedToday: progress.completedToday,
    tasksRemaining: progress.remaining,
    tasksDoneToday: doneToday,
  };
}
