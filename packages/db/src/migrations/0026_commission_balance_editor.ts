import { type Kysely, sql } from 'kysely';

/**
 * Four eyes on the operator's money (docs/product-rules.md#admin-access): each commission payout keeps the
 * admin whose stats edit was the latest to change the commission balance before it was requested
 * (`balance_edited_by`), who may then reject it but not approve it or mark it paid. A request reads that
 * admin from the admin log's stats edits, newest by the chain's `seq`, through the partial index made here.
 *
 * Requests still waiting for a decision (pending, approved) get theirs now, by time: they were written
 * without it, and the time of the edit against the time of the request is the only order their rows have.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE commission_payouts ADD COLUMN balance_edited_by text REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX admin_logs_commission_edits_idx ON admin_logs (seq DESC NULLS LAST, created_at DESC)
    WHERE action = 'update_commission_stats'`.execute(db);
  await sql`
    UPDATE commission_payouts p SET balance_edited_by = (
      SELECT l.admin_id FROM admin_logs l
      WHERE l.action = 'update_commission_stats'
        AND l.details->'before'->>'totalBalance' IS DISTINCT FROM l.details->'after'->>'totalBalance'
        AND l.created_at <= p.requested_at
      ORDER BY l.created_at DESC, l.seq DESC NULLS LAST
      LIMIT 1
    )
    WHERE p.status IN ('pending', 'approved')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX admin_logs_commission_edits_idx`.execute(db);
  await sql`ALTER TABLE commission_payouts DROP COLUMN balance_edited_by`.execute(db);
}
