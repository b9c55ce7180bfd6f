import { type Kysely, sql } from 'kysely';

/**
 * The pending payout queue lists, for each payout, the other accounts that used its destination, and
 * flags it. It is a flag of now, not of the request's moment: a payout requested first is flagged too once
 * another account pays out to the same number. Only a few destinations are shared, so each payout carries
 * `destination_shared`, true once any other account has used its destination, and the queue reads the
 * linked accounts only for those (packages/api/src/payouts/review.ts).
 *
 * Triggers keep it in the writing transaction, whoever writes:
 * - a payout, as it is written, is shared if another account's destination signal holds its destination;
 * - a destination signal new to an account marks the other accounts' payouts to it.
 * The two would miss each other when written at once (neither sees the other's uncommitted row), so both
 * first lock the destination's row in `payout_destinations`, inserting it if need be: whichever comes
 * second waits for the first to commit, then sees its row. A row lock, unlike an advisory lock, costs no
 * slot in the lock table, so a bulk insert of many destinations in one transaction is fine.
 * The flag only ever turns on: when a signal goes (its account deleted) the queue's read finds no other
 * account and shows none, as before.
 */
const statements = [
  'ALTER TABLE payouts ADD COLUMN destination_shared boolean NOT NULL DEFAULT false',
  'CREATE TABLE payout_destinations (value text PRIMARY KEY)',
  `INSERT INTO payout_destinations (value)
    SELECT DISTINCT value FROM account_signals WHERE kind = 'destination'
    UNION SELECT DISTINCT destination FROM payouts WHERE destination IS NOT NULL`,
  `UPDATE payouts p SET destination_shared = true
    WHERE p.destination IS NOT NULL
      AND EXISTS (SELECT 1 FROM account_signals s WHERE s.kind = 'destination' AND s.value = p.destination AND s.user_id <> p.user_id)`,
  `CREATE FUNCTION lock_payout_destination(destination text) RETURNS void LANGUAGE sql AS $$
    INSERT INTO payout_destinations (value) VALUES (destination) ON CONFLICT (value) DO UPDATE SET value = excluded.value
  $$`,
  `CREATE FUNCTION payout_destination_shared() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.destination IS NULL THEN
        NEW.destination_shared := false;
      ELSE
        PERFORM lock_payout_destination(NEW.destination);
        NEW.destination_shared := EXISTS (SELECT 1 FROM account_signals s
          WHERE s.kind = 'destination' AND s.value = NEW.destination AND s.user_id <> NEW.user_id);
      END IF;
      RETURN NEW;
    END $$`,
  `CREATE TRIGGER payouts_destination_shared BEFORE INSERT OR UPDATE OF destination, user_id ON payouts
    FOR EACH ROW EXECUTE FUNCTION payout_destination_shared()`,
  `CREATE FUNCTION destination_signal_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM lock_payout_destination(NEW.value);
      UPDATE payouts SET destination_shared = true
        WHERE destination = NEW.value AND user_id <> NEW.user_id AND NOT destination_shared;
      RETURN NULL;
    END $$`,
  `CREATE TRIGGER account_signals_destination_added AFTER INSERT OR UPDATE OF kind, value, user_id ON account_signals
    FOR EACH ROW WHEN (NEW.kind = 'destination') EXECUTE FUNCTION destination_signal_added()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER account_signals_destination_added ON account_signals`.execute(db);
  await sql`DROP FUNCTION destination_signal_added()`.execute(db);
  await sql`DROP TRIGGER payouts_destination_shared ON payouts`.execute(db);
  await sql`DROP FUNCTION payout_destination_shared()`.execute(db);
  await sql`DROP FUNCTION lock_payout_destination(text)`.execute(db);
  await sql`DROP TABLE payout_destinations`.execute(db);
  await sql`ALTER TABLE payouts DROP COLUMN destination_shared`.execute(db);
}
