import { type Kysely, sql } from 'kysely';

/**
 * Each user's count of earning rows (completed tasks), moved by postToLedger with the balances, so that
 * the signed-in user is read with the session in one statement instead of counting the ledger on every
 * dashboard load. The books check compares it with the ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN completed_tasks bigint NOT NULL DEFAULT 0 CHECK (completed_tasks >= 0)`.execute(db);
  await sql`
    UPDATE users u SET completed_tasks = counted.earnings
    FROM (SELECT user_id, count(*) AS earnings FROM transactions WHERE type = 'earning' GROUP BY user_id) counted
    WHERE counted.user_id = u.id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN completed_tasks`.execute(db);
}
