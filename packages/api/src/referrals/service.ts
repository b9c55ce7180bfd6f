import { formatPesos, messages, noticeMessages, REFERRAL_BONUS_CENTAVOS, staffMessages, VIP_SPONSOR_BONUS_CENTAVOS } from '@app/contracts';
import { postToLedger, type Tx, type UserRow } from '@app/db';
import { notifyMember } from '../notifications/service';
import { inSameCluster } from '../risk/clusters';

import { friendName } from './lists';

/** A referral's status once nothing of its bonuses waits: paid after the friend's first VIP, else completed. */
export function settledStatus(referral: { pendingReward: number; paidAt: Date | null }): 'awaiting_payout' | 'paid' | 'completed' {
  if (referral.pendingReward > 0) return 'awaiting_payout';
  return referral.paidAt ? 'paid' : 'completed';
}

/** Whether the member has had a payout approved: the proof a pending bonus waits for. */
async function hasApprovedPayout(trx: Tx, memberId: string): Promise<boolean> {
  const approved = await trx
    .selectFrom('payouts')
    .select('id')
    .where('userId', '=', memberId)
    .where('status', '=', 'approved')
    .limit(1)
    .executeTakeFirst();
  return approved !== undefined;
}

/** The sponsor's notice of a bonus as a milestone left it: held for review, pending the friend's first payout, or available. */
export const BONUS_NOTICES = {
  held: (amount: string, name: string) => ({
    title: noticeMessages.bonusHeldTitle,
    message: noticeMessages.bonusHeldBody(amount, name),
    type: 'warning' as const,
  }),
  pending: (amount: string, name: string) => ({
    title: noticeMessages.bonusPendingTitle,
    message: noticeMessages.bonusPendingBody(amount, name),
    type: 'info' as const,
  }),
  credited: (amount: string, name: string) => ({
    title: noticeMessages.bonusCreditedTitle,
    message: noticeMessages.bonusCreditedBody(amount, name),
    type: 'success' as const,
  }),
};

/**
 * Credits the friend's sponsor at a referral milestone, at most once each and in either order
 * (docs/product-rules.md#decided-rules, docs/product-rules.md#referral-bonuses-wait-for-proof):
 * - `first-task` (₱50): a first task costs a ring nothing, so its bonus is credited pending (the ledger's
 *   `referral_bonus_pending`; status awaiting_payout) until the friend's first payout is approved
 *   (settlePendingBonus); credited at once only when one was approved already.
 * - `first-vip`, the friend's first approved VIP by G-CASH (₱50): the friend paid for it and an admin checked the
 *   payment, so it is credited at once.
 * When the friend is in one cluster with the sponsor (a shared device, payout destination or rare browser
 * traits, directly or through other accounts), the bonus is held instead, with the reason: nothing is paid, and
 * an admin pays or refuses it (reviewHeldReferral). A refused referral earns nothing more. The sponsor is told
 * which of the three it was (docs/product-rules.md#notices-of-money); `cause.adminId` is the admin whose
 * approval reached the milestone, null for the friend's own first task. Call inside the transaction of the
 * event, which holds the friend's row.
 */
export async function creditReferralMilestone(
  trx: Tx,
  friend: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>,
  milestone: 'first-task' | 'first-vip',
  cause: { adminId: string | null; now: Date },
): Promise<'credited' | 'pending' | 'held' | null> {
  const { now } = cause;
  // Locked: an admin reviewing this referral at the same moment decides on the state read here.
  const referral = await trx
    .selectFrom('referrals')
    .select(['id', 'referrerId', 'status', 'completedAt', 'paidAt', 'pendingReward'])
    .where('referredUserId', '=', friend.id)
    .forUpdate()
    .executeTakeFirst();
  if (!referral || referral.status === 'rejected') return null;
  if ((milestone === 'first-task' ? referral.completedAt : referral.paidAt) !== null) return null;

  const bonus = milestone === 'first-task' ? REFERRAL_BONUS_CENTAVOS : VIP_SPONSOR_BONUS_CENTAVOS;
  const reached = milestone === 'first-task' ? { completedAt: now } : { paidAt: now };
  const name = friendName(friend);
  const tellSponsor = (outcome: 'credited' | 'pending' | 'held') =>
    notifyMember(trx, {
      userId: referral.referrerId,
      ...BONUS_NOTICES[outcome](formatPesos(bonus), name),
      adminId: cause.adminId,
      link: '/referrals',
      now,
    });
  if (referral.status === 'held' || (await inSameCluster(trx, friend.id, referral.referrerId))) {
    const reason = milestone === 'first-task' ? staffMessages.risk.heldAtFirstTask : staffMessages.risk.heldAtFirstVip;
    await trx
      .updateTable('referrals')
      .set((eb) => ({
        ...reached,
        status: 'held',
        heldReward: eb('heldReward', '+', bonus),
        heldAt: eb.fn.coalesce('heldAt', eb.val(now)),
        heldReason: eb.fn.coalesce('heldReason', eb.val(reason)),
      }))
      .where('id', '=', referral.id)
      .execute();
    await tellSponsor('held');
    return 'held';
  }

  const pending = milestone === 'first-task' && !(await hasApprovedPayout(trx, friend.id));
  const after = {
    pendingReward: referral.pendingReward + (pending ? bonus : 0),
    paidAt: milestone === 'first-vip' ? now : referral.paidAt,
  };
  await trx
    .updateTable('referrals')
    .set((eb) => ({
      ...reached,
      status: settledStatus(after),
      ...(pending ? { pendingReward: eb('pendingReward', '+', bonus) } : { reward: eb('reward', '+', bonus) }),
    }))
    .where('id', '=', referral.id)
    .execute();
  await postToLedger(trx, {
    userId: referral.referrerId,
    type: pending ? 'referral_bonus_pending' : 'referral_bonus',
    amount: bonus,
    description:
      milestone === 'first-vip'
        ? messages.referrals.firstVipBonus(name)
        : pending
          ? messages.referrals.firstTaskBonusPending(name)
          : messages.referrals.firstTaskBonus(name),
    referralId: referral.id,
    createdAt: now,
  });
  await tellSponsor(pending ? 'pending' : 'credited');
  return pending ? 'pending' : 'credited';
}

/**
 * Settles the bonus a friend's sponsor has waiting, at the friend's approved payout
 * (docs/product-rules.md#referral-bonuses-wait-for-proof): released into the sponsor's available balance (the
 * ledger's `referral_bonus_released`) when the two accounts are not in one cluster at that moment, else moved to
 * an admin's review (`referral_bonus_withheld`; the referral turns held, with the reason). The sponsor is told
 * either way. Call inside the decision's transaction, which holds the friend's row: the referral's row, then
 * the sponsor's, are locked after it, as at the first task.
 */
export async function settlePendingBonus(
  trx: Tx,
  friendId: string,
  decision: { adminId: string; now: Date },
): Promise<{ sponsorId: string; outcome: 'released' | 'held' } | null> {
  const referral = await trx
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referredUserId')
    .select(['r.id', 'r.referrerId', 'r.status', 'r.pendingReward', 'r.paidAt', 'u.firstName', 'u.lastName', 'u.email'])
    .where('r.referredUserId', '=', friendId)
    .where('r.pendingReward', '>', 0)
    .forUpdate('r')
    .executeTakeFirst();
  if (!referral) return null;
  const { now, adminId } = decision;
  const name = friendName(referral);
  const amount = referral.pendingReward;
  const held = await inSameCluster(trx, friendId, referral.referrerId);
  await trx
    .updateTable('referrals')
    .set((eb) =>
      held
        ? {
            pendingReward: 0,
            status: 'held',
            heldReward: eb('heldReward', '+', amount),
            heldAt: eb.fn.coalesce('heldAt', eb.val(now)),
            heldReason: eb.fn.coalesce('heldReason', eb.val(staffMessages.risk.heldAtFirstPayout)),
          }
        : {
            pendingReward: 0,
            reward: eb('reward', '+', amount),
            status: referral.status === 'held' ? 'held' : settledStatus({ pendingReward: 0, paidAt: referral.paidAt }),
          },
    )
    .where('id', '=', referral.id)
    .execute();
  await postToLedger(trx, {
    userId: referral.referrerId,
    type: held ? 'referral_bonus_withheld' : 'referral_bonus_released',
    amount,
    description: held ? messages.referrals.bonusWithheld(name) : messages.referrals.bonusReleased(name),
    referralId: referral.id,
    createdAt: now,
  });
  await notifyMember(trx, {
    userId: referral.referrerId,
    ...(held
      ? BONUS_NOTICES.held(formatPesos(amount), name)
      : {
          title: noticeMessages.bonusReleasedTitle,
          message: noticeMessages.bonusReleasedBody(formatPesos(amount), name),
          type: 'success' as const,
        }),
    adminId,
    link: '/referrals',
    now,
  });
  return { sponsorId: referral.referrerId, outcome: held ? 'held' : 'released' };
}
