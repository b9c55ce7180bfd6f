import { readStoredDestination } from '@app/contracts';
import { type Kysely, sql } from 'kysely';

/**
 * Payout destinations read again with the corrected rule (docs/product-rules.md#fraud-rules; today's rule
 * is migration 0023's, which reads every payout once more):
 * - a mobile number must stand alone, not be the last ten digits of a longer bank account number ("BDO
 *   001234599123456789" was read as the mobile number 0991•••6789, linking strangers whose accounts
 *   ended alike);
 * - a number written with other separators or look-alike digits (0917/123/4567, full-width digits) is the
 *   same number, so writing it another way no longer hides a shared destination.
 * Each affected member's destination signals are rebuilt from their payouts, the only place they come
 * from. Their stored risk scores are brought up to date by their next sign-in or payout request; the
 * admin's view of one member's risk is always worked out afresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; userId: string; method: string; details: string; destination: string | null }>`
    SELECT id, user_id AS "userId", payment_method AS method, payment_details AS details, destination FROM payouts
  `.execute(db);
  const misread = rows
    .map((row) => ({ ...row, corrected: readStoredDestination(row.method, row.details)?.key ?? null }))
    .filter((row) => row.corrected !== row.destination);
  for (let start = 0; start < misread.length; start += 500) {
    const batch = misread.slice(start, start + 500);
    const values = sql.join(batch.map((row) => sql`(${row.id}, ${row.corrected})`));
    await sql`
      UPDATE payouts p SET destination = corrected.destination
      FROM (VALUES ${values}) AS corrected (id, destination) WHERE p.id = corrected.id
    `.execute(db);
  }
  const members = [...new Set(misread.map((row) => row.userId))];
  for (let start = 0; start < members.length; start += 500) {
    const batch = members.slice(start, start + 500);
    await sql`DELETE FROM account_signals WHERE kind = 'destination' AND user_id IN (${sql.join(batch)})`.execute(db);
    await sql`
      INSERT INTO account_signals (user_id, kind, value, first_seen_at, last_seen_at)
      SELECT user_id, 'destination', destination, min(created_at), max(created_at) FROM payouts
      WHERE destination IS NOT NULL AND user_id IN (${sql.join(batch)})
      GROUP BY user_id, destination
    `.execute(db);
  }
}

/** The corrected destinations stay: the old rule linked strangers and missed disguised numbers. */
export async function down(): Promise<void> {}
