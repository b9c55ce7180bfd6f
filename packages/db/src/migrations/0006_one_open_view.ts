import { type Kysely, sql } from 'kysely';

/**
 * One open view per member instead of one per member and task: starting a task closes the member's
 * previous open view, and a view left open too long is closed too (`closed_at`, never credited). Views
 * already open when this runs keep only each member's latest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE task_views ADD COLUMN closed_at timestamptz`.execute(db);
  await sql`
    UPDATE task_views SET closed_at = now()
    WHERE completed_at IS NULL
      AND id NOT IN (
        SELECT DISTINCT ON (user_id) id FROM task_views WHERE completed_at IS NULL ORDER BY user_id, started_at DESC, id DESC
      )
  `.execute(db);
  await sql`DROP INDEX task_views_open_idx`.execute(db);
  await sql`CREATE UNIQUE INDEX task_views_one_open_idx ON task_views (user_id) WHERE completed_at IS NULL AND closed_at IS NULL`.execute(
    db,
  );
  await sql`ALTER TABLE task_views ADD CONSTRAINT task_views_closed_or_completed CHECK (closed_at IS NULL OR completed_at IS NULL)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE task_views DROP CONSTRAINT task_views_closed_or_completed`.execute(db);
  await sql`DROP INDEX task_views_one_open_idx`.execute(db);
  await sql`DELETE FROM task_views WHERE closed_at IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX task_views_open_idx ON task_views (user_id, task_id) WHERE completed_at IS NULL`.execute(db);
  await sql`ALTER TABLE task_views DROP COLUMN closed_at`.execute(db);
}
