import type { Db } from '@app/db';
import { sql } from 'kysely';

export interface RateLimitCount {
  /** Hits counted under the key in the current window, this one included. */
  hits: number;
  /** When the current window ends and the count starts again. */
  resetAt: Date;
}

/**
 * Counts a hit under `key` in a fixed window kept in PostgreSQL, so every server instance shares the
 * count. One statement: concurrent hits are all counted, none can slip under a limit.
 */
export async function countRateLimitHit(db: Db, key: string, windowMs: number, now = new Date()): Promise<RateLimitCount> {
  const resetAt = new Date(now.getTime() + windowMs);
  const { rows } = await sql<{ hits: number; resetAt: Date }>`
    INSERT INTO rate_limits AS r (key, hits, reset_at) VALUES (${key}, 1, ${resetAt})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= ${now} THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= ${now} THEN ${resetAt} ELSE r.reset_at END
    RETURNING hits, reset_at
  `.execute(db);
  const row = rows[0]!;
  return { hits: Number(row.hits), resetAt: new Date(row.resetAt) };
}

/** Deletes the counters whose window ended before `now`: they count nothing any more. */
export async function purgeEndedRateLimits(db: Db, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('rateLimits').where('resetAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Takes one hit back from the key's current window (never below zero): a correct password must not count
 * towards the lockout that wrong ones lead to.
 */
export async function forgiveRateLimitHit(db: Db, key: string, now = new Date()): Promise<void> {
  await db
    .updateTable('rateLimits')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('hits', '>', 0)
    .where('resetAt', '>', now)
    .execute();
}
