import { EARNED_REFERRAL_STATUSES, formatAmount, maskEmail, type Referral, WAITING_REFERRAL_STATUSES } from '@app/contracts';
import type { Db, ReferralsRow, UserRow } from '@app/db';

/** How a friend is named to their sponsor: first name and initial, else the masked e-mail. */
export function friendName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  if (user.firstName) return user.lastName ? `${user.firstName} ${user.lastName[0]}.` : user.firstName;
  return maskEmail(user.email);
}

type ReferralRow = Pick<
  ReferralsRow,
  'id' | 'createdAt' | 'referralCode' | 'status' | 'referredUserId' | 'reward' | 'pendingReward' | 'heldReward' | 'reviewNote'
>;

export function toReferral(row: ReferralRow, friend: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): Referral {
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
