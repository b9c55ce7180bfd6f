import type { Db, UserRow } from '@app/db';
import { sql } from 'kysely';
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

/**
 * The ids of the tasks a member was credited for today, each once, as a JSON array: a subquery beside
 * completedTodayQuery (the same day and the same earning rows, through their task views).
 */
export function doneTodayQuery(db: Db, userId: string, { start, end }: { start: Date; end: Date }) {
  return db
    .selectFrom('transactions')
    .innerJoin('taskViews', 'taskViews.id', 'transactions.taskViewId')
    .select(sql<string[]>`coalesce(json_agg(distinct ${sql.ref('taskViews.taskId')}), '[]'::json)`.as('ids'))
    .where('transactions.userId', '=', userId)
    .where('transactions.type', '=', 'earning')
    .where('transactions.createdAt', '>=', start)
    .where('transactions.createdAt', '<', end);
}

/** Tasks credited today against the limit of the tier in force now. */
export function progressOf(user: UserRow, now: Date, completedToday: number): DailyProgress {
  const tier = effectiveTier(user, now);
  return { tier, completedToday, remaining: Math.max(0, tier.dailyTaskLimit - completedToday) };
}
