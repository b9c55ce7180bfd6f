import { type Kysely, sql } from 'kysely';

/**
 * Payout destinations are data, not free text (docs/product-rules.md#fraud-rules): each payout keeps the
 * destination as it was read from the request (`details`: the method's fields, a mobile number in E.164),
 * and `destination`, the key accounts are compared by. A payout whose details cannot be read by the rule
 * keeps `details` null and is flagged "destination unreadable" for the admin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payouts ADD COLUMN details jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payouts DROP COLUMN details`.execute(db);
}
