import { Migrator, sql } from 'kysely';
import type { Db } from './create-db';
import { migrations } from './migrations';

/** Brings the schema up to date; each migration runs in its own transaction under an advisory lock. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await isUpToDate(db)) return [];
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * The migrations this code knows that the database has not applied, in order (every one for a database
 * never migrated). Only reads: for commands that must not change the schema, such as `ledger-check`.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(db);
  if (!rows[0]?.present) return Object.keys(migrations);
  const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const names = new Set(applied.rows.map((row) => row.name));
  return Object.keys(migrations).filter((name) => !names.has(name));
}

/**
 * One query instead of the migrator's table checks, lock and reads: most starts find nothing to do, and
 * on PGlite the migrator's own checks cost most of a second of the start.
 */
async function isUpToDate(db: Db): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return Object.keys(migrations).every((name) => applied.has(name));
  } catch {
    // No migration table yet: a new database, for the migrator to set up.
    return false;
  }
}
