import { formatAmount, maskEmail, messages, REFERRAL_BONUS_CENTAVOS, type Referral, VIP_SPONSOR_BONUS_CENTAVOS } from '@app/contracts';
import { type Db, postToLedger, type Tx, type UserRow } from '@app/db';
import { sql } from 'kysely';
import { badRequest, conflict, notFound } from '../lib/errors';

/** How a friend is named to their sponsor: first name and initial, else the masked e-mail. */
export function friendName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  if (user.firstName) return user.lastName ? `${user.firstName} ${user.lastName[0]}.` : user.firstName;
  return maskEmail(user.email);
}

export async function listReferrals(db: Db, sponsorId: string): Promise<Referral[]> {
  const rows = await db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referredUserId')
    .select(['r.id', 'r.createdAt', 'r.referralCode', 'r.status', 'r.referredUserId', 'r.reward', 'u.firstName', 'u.lastName', 'u.email'])
    .where('r.referrerId', '=', sponsorId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    referralCode: row.referralCode,
    status: row.status,
    referredUserId: row.referredUserId,
    reward: formatAmount(row.reward),
    referredName: friendName(row),
  }));
}

export async function listReferredUsers(db: Db, sponsorId: string) {
  const rows = await db
    .selectFrom('referrals as r')
    .innerJoin('users as u', 'u.id', 'r.referredUserId')
    .select(['u.id', 'u.firstName', 'u.lastName', 'r.createdAt', 'r.status'])
    .where('r.referrerId', '=', sponsorId)
    .orderBy('r.createdAt', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
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
 * Makes the code's owner the member's sponsor (DESIGN.md section 5). Refused for one's own code, an
 * unknown code, a member who already has a sponsor, and a code from the member's own downline (a cycle
 * would let bonus postings lock two members in opposite orders).
 */
export async function applyReferralCode(db: Db, memberId: string, code: string, now: Date): Promise<Referral> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(SPONSOR_GRAPH_LOCK_KEY)})`.execute(trx);
    const member = await trx
      .selectFrom('users')
      .select(['id', 'referredBy', 'firstName', 'lastName', 'email'])
      .where('id', '=', memberId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    if (member.referredBy) throw conflict(messages.referrals.alreadyReferred);
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
      .returning(['id', 'createdAt', 'status', 'reward'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ referredBy: sponsor.id, updatedAt: now }).where('id', '=', member.id).execute();
    await trx
      .updateTable('users')
      .set((eb) => ({ referralCount: eb('referralCount', '+', 1) }))
      .where('id', '=', sponsor.id)
      .execute();
    return {
      id: referral.id,
      createdAt: referral.createdAt.toISOString(),
      referralCode: code,
      status: referral.status,
      referredUserId: member.id,
      reward: formatAmount(referral.reward),
      referredName: friendName(member),
    };
  });
}

/**
 * Credits the friend's sponsor at a referral milestone, at most once each (DESIGN.md section 5):
 * `first-task` turns a pending referral completed (₱50); `first-vip`, the friend's first approved VIP,
 * turns it paid (another ₱50). Call inside the transaction of the event, which holds the friend's row.
 */
export async function creditReferralMilestone(
  trx: Tx,
  friend: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>,
  milestone: 'first-task' | 'first-vip',
  now: Date,
): Promise<void> {
  const bonus = milestone === 'first-task' ? REFERRAL_BONUS_CENTAVOS : VIP_SPONSOR_BONUS_CENTAVOS;
  const update = trx
    .updateTable('referrals')
    .set((eb) => ({
      reward: eb('reward', '+', bonus),
      ...(milestone === 'first-task' ? { status: 'completed' as const, completedAt: now } : { status: 'paid' as const, paidAt: now }),
    }))
    .where('referredUserId', '=', friend.id);
  const credited = await (milestone === 'first-task' ? update.where('status', '=', 'pending') : update.where('paidAt', 'is', null))
    .returning(['id', 'referrerId'])
    .executeTakeFirst();
  if (!credited) return;

  const name = friendName(friend);
  await postToLedger(trx, {
    userId: credited.referrerId,
    type: 'referral_bonus',
    amount: bonus,
    description: milestone === 'first-task' ? messages.referrals.firstTaskBonus(name) : messages.referrals.firstVipBonus(name),
    referralId: credited.id,
    createdAt: now,
  });
}
