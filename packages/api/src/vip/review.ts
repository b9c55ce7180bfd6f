import { type AdminUser, formatDate, noticeMessages, type PendingVipRequest, planName, staffMessages } from '@app/contracts';
import type { Db, Tx } from '@app/db';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { alreadyDecided, conflict, forbidden, notFound } from '../lib/errors';
import { countTotal, inWindow, type ListRead, type QueueReader, type QueueWindow, queueTotal, searchingMembers } from '../lib/queue';
import { notifyMember } from '../notifications/service';
import { creditReferralMilestone } from '../referrals/service';
import { refreshRiskScores } from '../risk/service';
import { readAdminUser } from '../users/service';
import { activatePlan, pendingRequestOf } from './service';

/** The payment-proof requests waiting for an admin, oldest first (the order they were paid in), one window of them. */
export async function listAllPendingVipRequests({ db, caches }: QueueReader, window: QueueWindow): Promise<ListRead<PendingVipRequest>> {
  const waiting = db.selectFrom('vipRequests as r').where('r.status', '=', 'pending');
  const pending = waiting.innerJoin('users as u', 'u.id', 'r.userId').$call(searchingMembers(window.search));
  const [rows, total] = await Promise.all([
    pending
      .select(['r.id', 'r.userId', 'u.email', 'r.planId', 'u.vipPaymentStatus', 'r.transactionProof', 'r.createdAt'])
      .orderBy('r.createdAt')
      .orderBy('r.id')
      .$call(inWindow(window))
      .execute(),
    // Without a search every request counts (each has its member): the count reads the status index alone.
    queueTotal({ db, caches }, 'pending-vip', window.search, () => countTotal(window.search === undefined ? waiting : pending)),
  ]);
  const items = rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    email: row.email,
    vipTier: row.planId,
    vipPaymentStatus: row.vipPaymentStatus,
    vipTransactionReference: row.transactionProof,
    createdAt: row.createdAt.toISOString(),
  }));
  return { items, total, members: items.map((item) => item.userId), validUntil: null };
}

/**
 * The 409 for a request someone else decided first, saying how: read again once the decision that won
 * has committed, since the status read before it may still say pending.
 */
async function decidedMeanwhile(trx: Tx, requestId: string) {
  const { status } = await trx.selectFrom('vipRequests').select('status').where('id', '=', requestId).executeTakeFirstOrThrow();
  return alreadyDecided(status);
}

/** The request an admin is deciding: 404 when there is none by that id. */
async function requestToDecide(trx: Tx, requestId: string) {
  const request = await trx.selectFrom('vipRequests').select(['userId', 'planId']).where('id', '=', requestId).executeTakeFirst();
  if (!request) throw notFound(staffMessages.admin.vipRequestNotFound);
  return request;
}

/**
 * Approves a pending request (docs/product-rules.md#decided-rules: plan for its validity days, commission, sponsor's
 * first-VIP bonus) and logs it in the same transaction. A request already decided answers 409.
 */
export async function approveVipRequestAsAdmin(db: Db, requestId: string, actor: AdminActor, now: Date): Promise<AdminUser> {
  const approved = await db.transaction().execute(async (trx) => {
    const request = await requestToDecide(trx, requestId);
    if (request.userId === actor.adminId) throw forbidden(staffMessages.admin.ownVipRequest);
    const outcome = await approveVipRequest(trx, requestId, actor.adminId, now);
    if (!outcome) throw await decidedMeanwhile(trx, requestId);
    await logAdminAction(trx, actor, { action: 'approve_vip', targetId: request.userId, details: { requestId, plan: request.planId } });
    return outcome;
  });
  if (approved.referralHeld) await refreshRiskScores(db, [approved.userId], now);
  return readAdminUser(db, approved.userId, now);
}

/** Approves the one pending request of a user (the user list's Approve VIP). */
export async function approveUserVipRequestAsAdmin(db: Db, userId: string, actor: AdminActor, now: Date): Promise<AdminUser> {
  const pending = await pendingRequestOf(db, userId);
  if (!pending) {
    const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    throw user ? conflict(staffMessages.admin.noPendingVip) : notFound(staffMessages.admin.userNotFound);
  }
  return approveVipRequestAsAdmin(db, pending.id, actor, now);
}

/** Refuses a pending request with the admin's reason; the member may ask again with another reference. */
export async function rejectVipRequestAsAdmin(db: Db, requestId: string, reason: string, actor: AdminActor, now: Date): Promise<AdminUser> {
  const userId = await db.transaction().execute(async (trx) => {
    const request = await requestToDecide(trx, requestId);
    if (!(await rejectVipRequest(trx, requestId, actor.adminId, reason, now))) throw await decidedMeanwhile(trx, requestId);
    await logAdminAction(trx, actor, {
      action: 'reject_vip',
      targetId: request.userId,
      details: { requestId, plan: request.planId, reason },
    });
    return request.userId;
  });
  return readAdminUser(db, userId, now);
}

/**
 * An admin's approval of a payment-proof request, inside the caller's transaction: the plan starts now, the
 * operator earns the upgrade commission, and on the member's first approved VIP their sponsor gets the VIP
 * bonus. Returns null when the request was not pending (already decided), so a double click approves once.
 */
export async function approveVipRequest(
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
  const until = await activatePlan(trx, { userId: member.id, plan, requestId: request.id, now });
  await notifyMember(trx, {
    userId: member.id,
    title: noticeMessages.vipApprovedTitle,
    message: noticeMessages.vipApprovedBody(plan.name, formatDate(until)),
    type: 'success',
    adminId,
    link: '/vip',
    now,
  });
  const referral = member.referredBy ? await creditReferralMilestone(trx, member, 'first-vip', { adminId, now }) : null;
  return { userId: member.id, referralHeld: referral === 'held' };
}

/**
 * Refuses a pending request inside the caller's transaction, with the reason, and tells the member, who may ask
 * again. Returns null when the request was not pending (already decided).
 */
async function rejectVipRequest(
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
    title: noticeMessages.vipRejectedTitle,
    message: noticeMessages.vipRejectedBody(planName(request.planId), reason),
    type: 'warning',
    adminId,
    link: '/vip',
    now,
  });
  return { userId: request.userId };
}
