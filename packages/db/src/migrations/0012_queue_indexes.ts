import { type Kysely, sql } from 'kysely';

/**
 * The admin queues at 10^4 waiting rows (issue 16), each read a page at a time:
 * - the support inbox walks the messages newest first and stops at the page's end, instead of finding
 *   every member's latest message and sorting them all;
 * - a search of the pending payouts finds its members by their search text (migration 0005), then each
 *   one's waiting payouts by status and member;
 * - a search of the commission payouts finds its candidates by a trigram index over the method, the
 *   account details and the status together, instead of reading every request.
 * Like migration 0003, the payouts index leads with the status rather than being partial on a value:
 * the status is sent as a parameter.
 */
const statements = [
  'CREATE INDEX support_messages_created_user_idx ON support_messages (created_at DESC, user_id)',
  'CREATE INDEX payouts_status_user_idx ON payouts (status, user_id)',
  `CREATE INDEX commission_payouts_search_trgm_idx ON commission_payouts
    USING gin (lower(payment_method || chr(10) || account_details || chr(10) || status) gin_trgm_ops) WITH (fastupdate = off)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['commission_payouts_search_trgm_idx', 'payouts_status_user_idx', 'support_messages_created_user_idx']) {
    await sql`DROP INDEX ${sql.id(index)}`.execute(db);
  }
}
