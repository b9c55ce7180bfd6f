import { type Kysely, sql } from 'kysely';

/**
 * Changes that move money are queued, not notified in their own transaction (docs/architecture.md#caches):
 * PostgreSQL lets one transaction that notifies commit at a time (it holds a database-wide lock from the
 * notification through the commit's flush to disk), so a notification in every earning made earnings
 * commit one by one. From the application's PostgreSQL connections (those that set
 * `pesotasks.queue_money_changes`), a ledger post (the member row's balances and counts alone) and every
 * ledger row add a row here instead, in the same transaction; each instance sends what is queued, all of
 * it in one notifying transaction, moments after its own requests wrote and every second for anyone else's
 * (`queuedChangesSender` in packages/db/src/changes.ts). Every other change to a member (a suspension, a
 * plan, a name), and every change from another session (psql, PGlite), still notifies at once.
 *
 * Unlogged: a queued change that a crash of PostgreSQL loses needs no sending, since the crash also drops
 * every instance's listening connection, and with it all they cached.
 */
export const MONEY_COLUMNS = [
  'available_balance',
  'pending_payout',
  'total_earnings',
  'referral_earnings',
  'total_paid_out',
  'ledger_rows',
  'completed_tasks',
  'ledger_head',
  'updated_at',
];
/** Column names as a text[] literal. */
export const textArray = (columns: readonly string[]) => sql.raw(`ARRAY[${columns.map((column) => `'${column}'`).join(', ')}]`);
/** The member row's money columns (its balances, counts and ledger head), as a text[] literal. */
export const moneyKeys = textArray(MONEY_COLUMNS);
/** Whether the writing connection asked for its money changes to be queued. */
export const queuing = sql.raw(`current_setting('pesotasks.queue_money_changes', true) = 'on'`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNLOGGED TABLE queued_changes (payload text NOT NULL)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND ${queuing} AND (to_jsonb(NEW) - ${moneyKeys}) = (to_jsonb(OLD) - ${moneyKeys}) THEN
        INSERT INTO queued_changes (payload) VALUES ('user:' || OLD.id);
      ELSE
        PERFORM pg_notify('app_changes', 'user:' || OLD.id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION notify_money_topic_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF ${queuing} THEN
        INSERT INTO queued_changes (payload) VALUES (TG_ARGV[0]);
      ELSE
        PERFORM pg_notify('app_changes', TG_ARGV[0]);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TRIGGER transactions_changed ON transactions`.execute(db);
  await sql`CREATE TRIGGER transactions_changed AFTER INSERT OR UPDATE OR DELETE ON transactions FOR EACH STATEMENT EXECUTE FUNCTION notify_money_topic_change('ledger')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER transactions_changed ON transactions`.execute(db);
  await sql`CREATE TRIGGER transactions_changed AFTER INSERT OR UPDATE OR DELETE ON transactions FOR EACH STATEMENT EXECUTE FUNCTION notify_topic_change('ledger')`.execute(
    db,
  );
  await sql`DROP FUNCTION notify_money_topic_change()`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('app_changes', 'user:' || OLD.id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`DROP TABLE queued_changes`.execute(db);
}
