import { maskEmail, messages, REFERRAL_CODE_WINDOW_MS, type Referral } from '@app/contracts';
import type { Db } from '@app/db';
import { sql } from 'kysely';
import { badRequest, conflict, notFound } from '../lib/errors';
import { refreshRiskScores } from '../risk/service';

import { toReferral } from './lists';

/** Longer than any code ever handed out; such a "code" is answered without a look-up. */
const MAX_CODE_LENGTH = 64;

/** The member whose referral code this is, unless banned: a banned member's code brings nobody in. */
function codeOwner(db: Db, code: string) {
  return db.selectFrom('users').where('referralCode', '=', code).where('accountStatus', '!=', 'banned');
}

/**
 * The inviter behind a code, as a stranger may see them: masked e-mail and first name. A malformed code
 * is answered exactly as an unknown one, so the answers never tell which strings are shaped like codes.
 */
export async function findInviter(db: Db, code: string) {
  const normalized = code.trim().toUpperCase();
  if (normalized.length === 0 || normalized.length > MAX_CODE_LENGTH) throw notFound(messages.referrals.codeUnknown);
  const sponsor = await codeOwner(db, normalized).select(['email', 'firstName']).executeTakeFirst();
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
    const sponsor = await codeOwner(trx, code).select(['id', 'referredBy']).executeTakeFirst();
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
