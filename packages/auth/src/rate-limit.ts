import type { Db } from '@app/db';
import { sql } from 'kysely';

export interface RateLimitRule {
  /** Attempts allowed in one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts an attempt under `key` in a fixed window kept in PostgreSQL, so every server instance shares
 * the count. One statement: concurrent attempts cannot both slip under the limit.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const resetAt = new Date(now.getTime() + rule.windowMs);
  const { rows } = await sql<{ hits: number; resetAt: Date }>`
    INSERT INTO rate_limits AS r (key, hits, reset_at) VALUES (${key}, 1, ${resetAt})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= ${now} THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= ${now} THEN ${resetAt} ELSE r.reset_at END
    RETURNING hits, reset_at
  `.execute(db);
  const row = rows[0]!;
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - now.getTime()) / 1000));
  return { allowed: row.hits <= rule.limit, retryAfterSeconds };
}
