import {
  EARNED_REFERRAL_STATUSES,
  formatAmount,
  formatPesos,
  maskEmail,
  messages,
  REFERRAL_BONUS_CENTAVOS,
  REFERRAL_CODE_WINDOW_MS,
  type Referral,
  staffMessages,
  VIP_SPONSOR_BONUS_CENTAVOS,
  WAITING_REFERRAL_STATUSES,
} from '@app/contracts';
import { type Db, postToLedger, type ReferralsRow, type Tx, type UserRow } from '@app/db';
import { sql } from 'kysely';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { notifyMember } from '../notifications/service';
import { inSameCluster } from '../risk/clusters';
import { refreshRiskScores } from '../risk/service';

/** How a friend is named to their sponsor: first name and initial, else the masked e-mail. */
function friendName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  if (user.firstName) return user.lastName ? `${user.firstName} ${user.lastName[0]}.` : user.firstName;
  return maskEmail(user.email);
}

type ReferralRow = Pick<
  ReferralsRow,
  'id' | 'createdAt' | 'referralCode' | 'status' | 'referredUserId' | 'reward' | 'pendingReward' | 'heldReward' | 'reviewNote'
>;

function toReferral(row: ReferralRow, friend: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): Referral {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    referralCode: row.referralCode,
    status: row.status,
    referredUserId: row.referredUserId,
    reward: formatAmount(row.reward),
    pendingReward: formatAmount(row.pendingReward),
    heldReward: formatAmount(row.heldReward),
    reviewNote: row.reviewNote,
    referredName: friendName(friend),
  };
}

export async function listReferrals(db: Db, sponsorId: string, window: { limit: number; offset: number }): Promise<Referral[]> {
  const rows = await db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referredUserId')
    .select([
      'r.id',
      'r.createdAt',
      'r.referralCode',
      'r.status',
      'r.referredUserId',
      'r.reward',
      'r.pendingReward',
      'r.heldReward',
      'r.reviewNote',
      'u.firstName',
      'u.lastName',
      'u.email',
    ])
    .where('r.referrerId', '=', sponsorId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => toReferral(row, row));
}

/** How many friends the member has invited, how many of them have earned their sponsor a bonus and for how many one may still come. */
export async function countReferrals(db: Db, sponsorId: string): Promise<{ total: number; earned: number; waiting: number }> {
  const counts = await db
    .selectFrom('referrals')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn
        .countAll<string>()
        .filterWhere('status', 'in', [...EARNED_REFERRAL_STATUSES])
        .as('earned'),
      eb.fn
        .countAll<string>()
        .filterWhere('status', 'in', [...WAITING_REFERRAL_STATUSES])
        .as('waiting'),
    ])
    .where('referrerId', '=', sponsorId)
    .executeTakeFirstOrThrow();
  return { total: Number(counts.total), earned: Number(counts.earned), waiting: Number(counts.waiting) };
}

/** The friends a member invited, named as on the invite page: never by full name or e-mail. */
export async function listReferredUsers(db: Db, sponsorId: string, window: { limit: number; offset: number }) {
  const rows = await db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referredUserId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'u.email', 'r.createdAt', 'r.status'])
    .where('r.referrerId', '=', sponsorId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('u.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => ({ id: row.id, name: friendName(row), createdAt: row.createdAt.toISOString(), status: row.status }));
}

/** Longer than any code ever handed out; such a "code" is answered without a look-up. */
const MAX_CODE_LENGTH = 64;

/**
 * The inviter behind a code, as a stranger may see them: masked e-mail and first name. A malformed code
 * is answered exactly as an unknown one, so the answers never tell which strings are shaped like codes.
 */
export async function findInviter(db: Db, code: string) {
  const normalized = code.trim().toUpperCase();
  if (normalized.length === 0 || normalized.length > MAX_CODE_LENGTH) throw notFound(messages.referrals.codeUnknown);
  const sponsor = await db
    .selectFrom('users')
    .select(['email', 'firstName'])
    .where('referralCode', '=', normalized)
    .where('accountStatus', '!=', 'banned')
    .executeTakeFirst();
  if (!sponsor) throw notFound(messages.referrals.codeUnknown);
  return { email: maskEmail(sponsor.email), firstName: sponsor.firstName };
}

/** How far up a sponsor chain is followed looking for the applicant (chains are short; this bounds a bad one). */
const MAX_CHAIN = 100;

/**
 * Serialises the calls that add a sponsor, so each one's cycle check sees every sponsor added before it.
 * Without it two members using each other's codes at the same moment both pass the check (neither sees
 * the other's uncommitted sponsor) and then deadlock on each other's row when counting the referral; one
 * after the other, the second finds the cycle and is refused. Any fixed number that no other advisory
 * lock of the product uses.
 */
const SPONSOR_GRAPH_LOCK_KEY = 7_336_101_000_002;

/**
 * Makes the code's owner the member's sponsor (docs/product-rules.md#decided-rules). Refused for one's own code, an
 * unknown code, a member who already has a sponsor, a code from the member's own downline (a cycle
 * would let bonus postings lock two members in opposite orders), and a member who joined more than 24
 * hours ago or has completed a task: an old account cannot be signed up under a sponsor for its bonus.
 */
export async function applyReferralCode(db: Db, memberId: string, code: string, now: Date): Promise<Referral> {
  const referral = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(SPONSOR_GRAPH_LOCK_KEY)})`.execute(trx);
    // Joining is timed by the database's clock (users.created_at), so the window is too.
    const member = await trx
      .selectFrom('users')
      .select(['id', 'referredBy', 'firstName', 'lastName', 'email', 'completedTasks'])
      .select(sql<boolean>`created_at > now() - make_interval(secs => ${REFERRAL_CODE_WINDOW_MS / 1000})`.as('recentlyJoined'))
      .where('id', '=', memberId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    if (member.referredBy) throw conflict(messages.referrals.alreadyReferred);
    if (!member.recentlyJoined || Number(member.completedTasks) > 0) throw badRequest(messages.referrals.tooLate);
    const sponsor = await trx
      .selectFrom('users')
      .select(['id', 'referredBy'])
      .where('referralCode', '=', code)
      .where('accountStatus', '!=', 'banned')
      .executeTakeFirst();
    if (!sponsor) throw notFound(messages.referrals.codeUnknown);
    if (sponsor.id === member.id) throw badRequest(messages.referrals.ownCode);

    let ancestor = sponsor.referredBy;
    for (let step = 0; ancestor && step < MAX_CHAIN; step++) {
      if (ancestor === member.id) throw badRequest(messages.referrals.circular);
      const next = await trx.selectFrom('users').select('referredBy').where('id', '=', ancestor).executeTakeFirst();
      ancestor = next?.referredBy ?? null;
    }

    const referral = await trx
      .insertInto('referrals')
      .values({ referrerId: sponsor.id, referredUserId: member.id, referralCode: code, createdAt: now })
      .returning(['id', 'createdAt', 'referralCode', 'status', 'referredUserId', 'reward', 'pendingReward', 'heldReward', 'reviewNote'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ referredBy: sponsor.id, updatedAt: now }).where('id', '=', member.id).execute();
    await trx
      .updateTable('users')
      .set((eb) => ({ referralCount: eb('referralCount', '+', 1) }))
      .where('id', '=', sponsor.id)
      .execute();
    return toReferral(referral, member);
  });
  // A sponsor linked to the member is a reason for both of them in the risk queue.
  await refreshRiskScores(db, [memberId], now);
  return referral;
}

/** A referral's status once nothing of its bonuses waits: paid after the friend's first VIP, else completed. */
function settledStatus(referral: { pendingReward: number; paidAt: Date | null }): 'awaiting_payout' | 'paid' | 'completed' {
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
 * an admin pays or refuses it (reviewHeldReferral). A refused referral earns nothing more. Call inside the
 * transaction of the event, which holds the friend's row.
 */
export async function creditReferralMilestone(
  trx: Tx,
  friend: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>,
  milestone: 'first-task' | 'first-vip',
  now: Date,
): Promise<'credited' | 'pending' | 'held' | null> {
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
    return 'held';
  }

  const name = friendName(friend);
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
    title: held ? messages.decisions.bonusHeldTitle : messages.decisions.bonusReleasedTitle,
    message: (held ? messages.decisions.bonusHeldBody : messages.decisions.bonusReleasedBody)(formatPesos(amount), name),
    type: held ? 'warning' : 'success',
    adminId,
    now,
  });
  return { sponsorId: referral.referrerId, outcome: held ? 'held' : 'released' };
}

/**
 * An admin's decision on a held referral bonus: `pay` credits the sponsor everything held (one ledger
 * row) and the referral reads as if it had never been held (a first-task bonus still pending keeps waiting
 * for the friend's first payout); `reject` forfeits it with a reason the sponsor sees, and a bonus still
 * pending with it: a refused referral earns nothing more. Returns the sponsor's id; only a held referral can
 * be decided (409 otherwise).
 */
export async function reviewHeldReferral(
  trx: Tx,
  review: { referralId: string; decision: 'pay' | 'reject'; reason: string | null; adminId: string },
  now: Date,
): Promise<{ sponsorId: string; friendId: string; amount: number; ledgerRowId: string | null }> {
  const referral = await trx
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referredUserId')
    .select([
      'r.id',
      'r.referrerId',
      'r.referredUserId',
      'r.status',
      'r.heldReward',
      'r.pendingReward',
      'r.paidAt',
      'u.firstName',
      'u.lastName',
      'u.email',
    ])
    .where('r.id', '=', review.referralId)
    .forUpdate('r')
    .executeTakeFirst();
  if (!referral) throw notFound(staffMessages.risk.referralNotFound);
  if (referral.status !== 'held') throw conflict(staffMessages.risk.referralNotHeld);
  if (review.adminId === referral.referrerId) throw forbidden(staffMessages.risk.ownReferral);

  const decided = { reviewNote: review.reason, reviewedBy: review.adminId, reviewedAt: now, heldReward: 0 };
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
        description: messages.referrals.bonusWithheld(friendName(referral)),
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
      description: staffMessages.risk.paidReview(friendName(referral)),
      referralId: referral.id,
      adminId: review.adminId,
      createdAt: now,
    }));
  }
  return { sponsorId: referral.referrerId, friendId: referral.referredUserId, amount: referral.heldReward, ledgerRowId };
}
