import type { Db, UserRow } from '@app/db';
import { type EffectiveTier, effectiveTier } from '../vip/tier';

export interface DailyProgress {
  tier: EffectiveTier;
  completedToday: number;
  remaining: number;
}

/**
 * The count of tasks a member was credited for today (the day in APP_TIMEZONE): a query to run, or to
 * put inside another as a subquery (one round trip for the task and the count). `day` is dayRange's.
 */
export function completedTodayQuery(db: Db, userId: string, { start, end }: { start: Date; end: Date }) {
  return db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('type', '=', 'earning')
    .where('createdAt', '>=', start)
    .where('createdAt', '<', end);
}

/** Tasks credited today against the limit of the tier in force now. */
export function progressOf(user: UserRow, now: Date, completedToday: number): DailyProgress {
  const tier = effectiveTier(user, now);
  return { tier, completedToday, remaining: Math.max(0, tier.dailyTaskLimit - completedToday) };
}
