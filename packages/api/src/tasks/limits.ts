import type { Db, UserRow } from '@app/db';
import { dayRange } from '../lib/time';
import { type EffectiveTier, effectiveTier } from '../vip/tier';

export interface DailyProgress {
  tier: EffectiveTier;
  completedToday: number;
  remaining: number;
}

/** Tasks credited today (the day in APP_TIMEZONE) against the limit of the tier in force now. */
export async function dailyProgress(db: Db, user: UserRow, now: Date, timeZone: string): Promise<DailyProgress> {
  const tier = effectiveTier(user, now);
  const { start, end } = dayRange(now, timeZone);
  const row = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', user.id)
    .where('type', '=', 'earning')
    .where('createdAt', '>=', start)
    .where('createdAt', '<', end)
    .executeTakeFirstOrThrow();
  const completedToday = Number(row.count);
  return { tier, completedToday, remaining: Math.max(0, tier.dailyTaskLimit - completedToday) };
}
