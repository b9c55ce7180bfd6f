import { readStoredDestination } from '@app/contracts';
import { type Kysely, sql } from 'kysely';

/**
 * Payout destinations are data, not free text (docs/product-rules.md#payout-destinations): each payout keeps the
 * destination as it was read (`details`: the method's fields, a mobile number in E.164), and `destination`, the
 * key accounts are compared by. Every payout made before is read again by today's rule (readStoredDestination):
 * one wallet written two ways ("+63 (0) 917…", "0063 917…", with a zero-width space inside) is now one key. A
 * payout whose details cannot be read keeps `details` and `destination` null, and the admin's queue flags it
 * "destination unreadable". Each member's destination signals are rebuilt from their payouts, the only place
 * they come from, and every payout's shared flag (migration 0015) is worked out again from them. Stored risk
 * scores catch up at each member's next sign-in or payout request; an admin's view of one member's risk is
 * always worked out afresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payouts ADD COLUMN details jsonb`.execute(db);
  const { rows } = await sql<{ id: string; method: string; details: string }>`
    SELECT id, payment_method AS method, payment_details AS details FROM payouts
  `.execute(db);
  for (let start = 0; start < rows.length; start += 500) {
    const read = rows.slice(start, start + 500).map((row) => ({ id: row.id, found: readStoredDestination(row.method, row.details) }));
    const values = sql.join(
      read.map(
        ({ id, found }) => sql`(${id}, (${found ? JSON.stringify(found.destination) : null}::text)::jsonb, ${found?.key ?? null}::text)`,
      ),
    );
    await sql`
      UPDATE payouts p SET details = reread.details, destination = reread.destination
      FROM (VALUES ${values}) AS reread (id, details, destination) WHERE p.id = reread.id
    `.execute(db);
  }
  await sql`DELETE FROM account_signals WHERE kind = 'destination'`.execute(db);
  await sql`UPDATE payouts SET destination_shared = false WHERE destination_shared`.execute(db);
  // Each signal's trigger (migration 0015) marks the other accounts' payouts to the same destination.
  await sql`
    INSERT INTO account_signals (user_id, kind, value, first_seen_at, last_seen_at)
    SELECT user_id, 'destination', destination, min(created_at), max(created_at) FROM payouts
    WHERE destination IS NOT NULL
    GROUP BY user_id, destination
  `.execute(db);
}

/** The destinations read by today's rule stay: the earlier ones let one wallet pass as several. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payouts DROP COLUMN details`.execute(db);
}
