import { type Kysely, sql } from 'kysely';

/**
 * A change to a member's e-mail or name notifies `member-names` (docs/architecture.md#caches): a searched
 * admin queue matches members by them, so a kept searched page may change when any member is renamed, not
 * only one it shows. A keyless payload, so the renames of one transaction arrive as one notification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TRIGGER users_names_changed AFTER UPDATE OF email, first_name, last_name ON users FOR EACH ROW
    WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
    EXECUTE FUNCTION notify_topic_change('member-names')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER users_names_changed ON users`.execute(db);
}
