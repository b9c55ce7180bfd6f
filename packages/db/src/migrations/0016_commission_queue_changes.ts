import { type Kysely, sql } from 'kysely';

/**
 * The commission payout queue notifies `queues` like the payout and VIP queues (docs/architecture.md#caches):
 * each instance keeps the length of every unsearched admin queue until a change to its table says
 * otherwise, and the admins' live pending counts follow the same notifications.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TRIGGER commission_payouts_changed AFTER INSERT OR UPDATE OR DELETE ON commission_payouts FOR EACH STATEMENT EXECUTE FUNCTION notify_topic_change('queues')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER commission_payouts_changed ON commission_payouts`.execute(db);
}
