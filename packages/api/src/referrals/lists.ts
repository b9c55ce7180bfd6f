import { EARNED_REFERRAL_STATUSES, formatAmount, maskEmail, type Referral, WAITING_REFERRAL_STATUSES } from '@app/contracts';
import type { Db, ReferralsRow, UserRow } from '@app/db';
import type { PagedList } from '../lib/paging';

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

/** Referrals (`r`) with the friend each one invited (`friend`). */
export function referralsWithFriends(db: Db) {
  return db.selectFrom('referrals as r').innerJoin('users as friend', 'friend.id', 'r.referredUserId');
}

async function listReferrals(db: Db, sponsorId: string, window: { limit: number; offset: number }): Promise<Referral[]> {
  const rows = await referralsWithFriends(db)
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
      'friend.firstName',
      'friend.lastName',
      'friend.email',
    ])
    .where('r.referrerId', '=', sponsorId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => toReferral(row, row));
}

type ReferralCounts = { total: number; earned: number; waiting: number };

/** How many friends the member has invited, how many of them have earned their sponsor a bonus and for how many one may still come. */
async function countReferrals(db: Db, sponsorId: string): Promise<ReferralCounts> {
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

/** A sponsor's referrals as a list that pages on request: newest first (listReferrals), with their counts. */
export function sponsorReferrals(db: Db, sponsorId: string): PagedList<Referral, ReferralCounts> {
  return { read: (window) => listReferrals(db, sponsorId, window), count: () => countReferrals(db, sponsorId) };
}

/** The friends a sponsor invited as a list that pages on request: newest first (listReferredUsers), and how many. */
export function sponsorFriends(db: Db, sponsorId: string) {
  return {
    read: (window: { limit: number; offset: number }) => listReferredUsers(db, sponsorId, window),
    count: async () => ({ total: (await countReferrals(db, sponsorId)).total }),
  };
}

/** The friends a member invited, named as on the invite page: never by full name or e-mail. */
async function listReferredUsers(db: Db, sponsorId: string, window: { limit: number; offset: number }) {
  const rows = await referralsWithFriends(db)
    .select(['friend.id', 'friend.firstName', 'friend.lastName', 'friend.email', 'r.createdAt', 'r.status'])
    .where('r.referrerId', '=', sponsorId)
    .orderBy('r.createdAt', 'desc')
    .orderBy('friend.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return rows.map((row) => ({ id: row.id, name: friendName(row), createdAt: row.createdAt.toISOString(), status: row.status }));
}
