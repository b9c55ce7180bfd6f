import { formatPesos, messages, noticeMessages, staffMessages } from '@app/contracts';
import { postToLedger, type Tx } from '@app/db';
import { conflict, forbidden, notFound } from '../lib/errors';
import { notifyMember } from '../notifications/service';

import { friendName, referralsWithFriends } from './lists';
import { BONUS_NOTICES, settledStatus } from './service';

/**
 * An admin's decision on a held referral bonus: `pay` credits the sponsor everything held (one ledger
 * row) and the referral reads as if it had never been held (a first-task bonus still pending keeps waiting
 * for the friend's first payout); `reject` forfeits it with a reason the sponsor sees, and a bonus still
 * pending with it: a refused referral earns nothing more. The sponsor is told either way. Returns the
 * sponsor's id; only a held referral can be decided (409 otherwise).
 */
export async function reviewHeldReferral(
  trx: Tx,
  review: { referralId: string; decision: 'pay' | 'reject'; reason: string | null; adminId: string },
  now: Date,
): Promise<{ sponsorId: string; friendId: string; amount: number; ledgerRowId: string | null }> {
  const referral = await referralsWithFriends(trx)
    .select([
      'r.id',
      'r.referrerId',
      'r.referredUserId',
      'r.status',
      'r.heldReward',
      'r.pendingReward',
      'r.paidAt',
      'friend.firstName',
      'friend.lastName',
      'friend.email',
    ])
    .where('r.id', '=', review.referralId)
    .forUpdate('r')
    .executeTakeFirst();
  if (!referral) throw notFound(staffMessages.risk.referralNotFound);
  if (referral.status !== 'held') throw conflict(staffMessages.risk.referralNotHeld);
  if (review.adminId === referral.referrerId) throw forbidden(staffMessages.risk.ownReferral);

  const decided = { reviewNote: review.reason, reviewedBy: review.adminId, reviewedAt: now, heldReward: 0 };
  const name = friendName(referral);
  // The paid bonus's ledger row, which the admin log row names (docs/product-rules.md#evidence).
  let ledgerRowId: string | null = null;
  if (review.decision === 'reject') {
    await trx
      .updateTable('referrals')
      .set({ ...decided, status: 'rejected', pendingReward: 0 })
      .where('id', '=', referral.id)
      .execute();
    if (referral.pendingReward > 0) {
      await postToLedger(trx, {
        userId: referral.referrerId,
        type: 'referral_bonus_withheld',
        amount: referral.pendingReward,
        description: messages.referrals.bonusWithheld(name),
        referralId: referral.id,
        createdAt: now,
      });
    }
  } else {
    await trx
      .updateTable('referrals')
      .set((eb) => ({ ...decided, status: settledStatus(referral), reward: eb('reward', '+', referral.heldReward) }))
      .where('id', '=', referral.id)
      .execute();
    ({ id: ledgerRowId } = await postToLedger(trx, {
      userId: referral.referrerId,
      type: 'referral_bonus',
      amount: referral.heldReward,
      description: staffMessages.risk.paidReview(name),
      referralId: referral.id,
      adminId: review.adminId,
      createdAt: now,
    }));
  }
  await notifyMember(trx, {
    userId: referral.referrerId,
    ...(review.decision === 'pay'
      ? BONUS_NOTICES.credited(formatPesos(referral.heldReward), name)
      : {
          title: noticeMessages.bonusRefusedTitle,
          message: noticeMessages.bonusRefusedBody(formatPesos(referral.heldReward + referral.pendingReward), name, review.reason),
          type: 'warning' as const,
        }),
    adminId: review.adminId,
    link: '/referrals',
    now,
  });
  return { sponsorId: referral.referrerId, friendId: referral.referredUserId, amount: referral.heldReward, ledgerRowId };
}
