import {
  type AdminPageInput,
  formatAmount,
  type HeldReferral,
  noticeMessages,
  type PayoutHold,
  type RiskQueueItem,
  staffMessages,
  type UserRisk,
} from '@app/contracts';
import type { Db } from '@app/db';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { payoutHoldOf } from '../auth/service';
import { conflict, forbidden, notFound } from '../lib/errors';
import { countTotal, inWindow, type ListRead, pageWindow, queueLength } from '../lib/queue';
import { notifyMember } from '../notifications/service';
import { referralsWithFriends } from '../referrals/lists';
import { reviewHeldReferral } from '../referrals/review';
import { clusterOf, rareTraits } from './clusters';
import { assessRisk, refreshRiskScores, shownValue } from './service';

/** The review queue: members with a score above zero, highest first. */
export async function listAllRiskQueue(db: Db, input: AdminPageInput): Promise<ListRead<RiskQueueItem>> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('riskScores as r')
      .innerJoin('users as u', 'u.id', 'r.userId')
      .select(['r.userId', 'u.email', 'r.score', 'r.reasons', 'u.payoutHoldReason as payoutHold'])
      .where('r.score', '>', 0)
      .orderBy('r.score', 'desc')
      .orderBy('r.updatedAt', 'desc')
      .orderBy('r.userId')
      .$call(inWindow(pageWindow(input)))
      .execute(),
    queueLength(db, 'risk-queue', undefined, () => countTotal(db.selectFrom('riskScores').where('score', '>', 0))),
  ]);
  return {
    items: rows,
    total,
    members: rows.map((row) => row.userId),
    validUntil: null,
  };
}

/**
 * One member's review: their score and reasons, the accounts tied to them, their cluster as the links are
 * now, and any payout hold.
 */
export async function readUserRisk(db: Db, userId: string, now: Date): Promise<UserRisk & { payoutHold: PayoutHold }> {
  const member = await db.selectFrom('users').select(['payoutHoldReason', 'payoutHeldAt']).where('id', '=', userId).executeTakeFirst();
  if (!member) throw notFound(staffMessages.admin.userNotFound);
  const [risk, cluster] = await Promise.all([assessRisk(db, userId, now), clusterOf(db, userId, shownValue)]);
  return { score: risk.score, reasons: risk.reasons, linkedAccounts: risk.linkedAccounts, cluster, payoutHold: payoutHoldOf(member) };
}

/**
 * Holds a member's payouts with a reason (new requests are refused with it, pending ones cannot be
 * approved), or releases them; the member is told with the reason, and it is logged, either way. The member row is locked, so an approval running at
 * the same moment either sees the hold or finishes first. Nobody holds or releases their own payouts.
 */
export async function setPayoutHold(
  db: Db,
  change: { userId: string; hold: boolean; reason: string },
  actor: AdminActor,
  now: Date,
): Promise<{ userId: string; payoutHold: PayoutHold }> {
  if (change.userId === actor.adminId) throw forbidden(staffMessages.risk.ownHold);
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('users')
      .select(['payoutHoldReason'])
      .where('id', '=', change.userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!member) throw notFound(staffMessages.admin.userNotFound);
    if (!change.hold && !member.payoutHoldReason) throw conflict(staffMessages.risk.notHeld);
    const row = await trx
      .updateTable('users')
      .set(
        change.hold
          ? { payoutHoldReason: change.reason, payoutHeldAt: now, payoutHeldBy: actor.adminId }
          : { payoutHoldReason: null, payoutHeldAt: null, payoutHeldBy: null },
      )
      .where('id', '=', change.userId)
      .returning(['id', 'payoutHoldReason', 'payoutHeldAt'])
      .executeTakeFirstOrThrow();
    await notifyMember(trx, {
      userId: change.userId,
      ...(change.hold
        ? {
            title: noticeMessages.payoutHoldPlacedTitle,
            message: noticeMessages.payoutHoldPlacedBody(change.reason),
            type: 'warning' as const,
          }
        : {
            title: noticeMessages.payoutHoldLiftedTitle,
            message: noticeMessages.payoutHoldLiftedBody(change.reason),
            type: 'success' as const,
          }),
      adminId: actor.adminId,
      link: '/payouts',
      now,
    });
    await logAdminAction(trx, actor, {
      action: change.hold ? 'hold_payouts' : 'release_payouts',
      targetId: change.userId,
      details: { reason: change.reason, ...(change.hold ? {} : { heldFor: member.payoutHoldReason }) },
    });
    return { userId: row.id, payoutHold: payoutHoldOf(row) };
  });
}

/** The referral bonuses held for review, oldest first, with what ties each friend to the sponsor. */
export async function listAllHeldReferrals(db: Db, input: AdminPageInput): Promise<ListRead<HeldReferral>> {
  const [rows, total] = await Promise.all([
    referralsWithFriends(db)
      .innerJoin('users as sponsor', 'sponsor.id', 'r.referrerId')
      .select([
        'r.id',
        'r.referrerId',
        'sponsor.email as sponsorEmail',
        'r.referredUserId',
        'friend.email as friendEmail',
        'r.heldReward',
        'r.heldAt',
        'r.heldReason',
      ])
      .select((eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('accountSignals as mine')
            .innerJoin('accountSignals as theirs', (join) =>
              join.onRef('theirs.kind', '=', 'mine.kind').onRef('theirs.value', '=', 'mine.value'),
            )
            .select(['mine.kind', 'mine.value'])
            .whereRef('mine.userId', '=', 'r.referrerId')
            .whereRef('theirs.userId', '=', 'r.referredUserId')
            // Browser traits that became common (a phone model) tie nobody any more.
            .where(sql<boolean>`(mine.kind <> 'traits' OR ${rareTraits(sql.ref('mine.value'))})`),
        ).as('links'),
      )
      .where('r.status', '=', 'held')
      .orderBy('r.heldAt')
      .orderBy('r.id')
      .$call(inWindow(pageWindow(input)))
      .execute(),
    queueLength(db, 'held-referrals', undefined, () => countTotal(db.selectFrom('referrals').where('status', '=', 'held'))),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      sponsor: { userId: row.referrerId, email: row.sponsorEmail },
      friend: { userId: row.referredUserId, email: row.friendEmail },
      amount: formatAmount(row.heldReward),
      heldAt: (row.heldAt ?? new Date(0)).toISOString(),
      reason: row.heldReason,
      links: row.links.map((link) => ({ kind: link.kind, value: shownValue(link.kind, link.value) })),
    })),
    total,
    members: rows.flatMap((row) => [row.referrerId, row.referredUserId]),
    validUntil: null,
  };
}

/** Pays or refuses a held referral bonus (reviewHeldReferral) and logs it in the same transaction. */
export async function reviewReferral(
  db: Db,
  review: { referralId: string; decision: 'pay' | 'reject'; reason: string | null },
  actor: AdminActor,
  now: Date,
): Promise<{ id: string; status: 'completed' | 'paid' | 'rejected' }> {
  const outcome = await db.transaction().execute(async (trx) => {
    const decided = await reviewHeldReferral(trx, { ...review, adminId: actor.adminId }, now);
    const friend = await trx.selectFrom('users').select('email').where('id', '=', decided.friendId).executeTakeFirstOrThrow();
    await logAdminAction(trx, actor, {
      action: review.decision === 'pay' ? 'pay_held_referral' : 'reject_held_referral',
      targetId: review.referralId,
      // userId names the sponsor, whom the bonus concerns, as the log's member; the friend by e-mail.
      details: {
        userId: decided.sponsorId,
        friend: friend.email,
        amount: formatAmount(decided.amount),
        reason: review.reason,
        ...(decided.ledgerRowId ? { ledgerRowId: decided.ledgerRowId } : {}),
      },
    });
    const row = await trx.selectFrom('referrals').select('status').where('id', '=', review.referralId).executeTakeFirstOrThrow();
    return { ...decided, status: row.status as 'completed' | 'paid' | 'rejected' };
  });
  await refreshRiskScores(db, [outcome.sponsorId], now);
  return { id: review.referralId, status: outcome.status };
}
