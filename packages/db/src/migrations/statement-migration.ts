import { type Kysely, sql } from 'kysely';

/** Both directions, always there: tests run a migration's `down` to set up the rows its `up` reads again. */
interface StatementMigration {
  up(db: Kysely<unknown>): Promise<void>;
  down(db: Kysely<unknown>): Promise<void>;
}

/**
 * A migration that is only SQL: each direction runs its statements in order. Applied migrations are made
 * with it, and a new database must get the statements they got: change nothing here, add beside it instead.
 */
export function statementMigration(statements: { up: readonly string[]; down: readonly string[] }): StatementMigration {
  const run = async (db: Kysely<unknown>, list: readonly string[]) => {
    for (const statement of list) await sql.raw(statement).execute(db);
  };
  return { up: (db) => run(db, statements.up), down: (db) => run(db, statements.down) };
}
