import { type Kysely, sql } from 'kysely';
import { moneyKeys, queuing } from './0019_queued_changes';

/**
 * A member row's notification names the version it made: `user:<id>@<xid>`, the writing transaction's id as
 * the new row's `xmin` shows it (docs/architecture.md#caches). An instance that already holds the row at
 * that version (its own write, whose statement returned the row) keeps it; every other one drops its copy
 * as before. The queuing rule of migration 0019 is unchanged (its columns and setting are read from it).
 */
/**
 * The trigger function, sending or queuing `payload`. The version is `txid_current()` within its epoch,
 * which is the new row's `xmin` as text; a write in a subtransaction has another `xmin`, and is only dropped.
 */
export function notifyUserChange(payload: ReturnType<typeof sql.raw>, keys = moneyKeys) {
  return sql`
    CREATE OR REPLACE FUNCTION notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      payload text := ${payload};
    BEGIN
      IF TG_OP = 'UPDATE' AND ${queuing} AND (to_jsonb(NEW) - ${keys}) = (to_jsonb(OLD) - ${keys}) THEN
        INSERT INTO queued_changes (payload) VALUES (payload);
      ELSE
        PERFORM pg_notify('app_changes', payload);
      END IF;
      RETURN NULL;
    END $$`;
}

/** The payload this migration sends: the member and the version the change made. */
export const versionedPayload = sql.raw(`'user:' || OLD.id || '@' || (txid_current() % 4294967296)::text`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await notifyUserChange(versionedPayload).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await notifyUserChange(sql.raw(`'user:' || OLD.id`)).execute(db);
}
