import { type Kysely, sql } from 'kysely';

/**
 * Notifications for the admin lists each instance keeps as answered pages (docs/architecture.md#caches):
 * the user list (a member who signs up: `members`; every other change to a member already notifies
 * `user:<id>`), the ledger (`ledger`), the activity log (`admin-logs`), the risk queue (`risk`) and the
 * held referral bonuses (`referrals`, and `signals:<member>` when a member first uses a device or a payout
 * destination, which may tie them to their sponsor). Per statement and keyless, except the signals: a
 * statement's rows arrive as one notification.
 */
const STATEMENT_TRIGGERS = [
  ['users_added', 'users', 'INSERT', 'members'],
  ['transactions_changed', 'transactions', 'INSERT OR UPDATE OR DELETE', 'ledger'],
  ['admin_logs_added', 'admin_logs', 'INSERT', 'admin-logs'],
  ['risk_scores_changed', 'risk_scores', 'INSERT OR UPDATE OR DELETE', 'risk'],
  ['referrals_changed', 'referrals', 'INSERT OR UPDATE OR DELETE', 'referrals'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table, events, topic] of STATEMENT_TRIGGERS) {
    await sql`CREATE TRIGGER ${sql.id(trigger)} AFTER ${sql.raw(events)} ON ${sql.id(table)} FOR EACH STATEMENT EXECUTE FUNCTION notify_topic_change(${sql.lit(topic)})`.execute(
      db,
    );
  }
  // A sign-in or payout seeing a device or destination the member has used before only updates its
  // last_seen_at, which ties nobody new together: only new rows notify.
  await sql`
    CREATE FUNCTION notify_signal_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      target text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
    BEGIN
      PERFORM pg_notify('app_changes', 'signals:' || target);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER account_signals_added AFTER INSERT OR DELETE ON account_signals FOR EACH ROW EXECUTE FUNCTION notify_signal_change()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER account_signals_added ON account_signals`.execute(db);
  await sql`DROP FUNCTION notify_signal_change()`.execute(db);
  for (const [trigger, table] of STATEMENT_TRIGGERS) await sql`DROP TRIGGER ${sql.id(trigger)} ON ${sql.id(table)}`.execute(db);
}
