import { backupPglite, postgresRefusal, restorePglite } from './backup';
import { checkBooks, summarizeBooks } from './books';
import { createDb } from './create-db';
import { migrateToLatest, pendingMigrations } from './migrate';
import { builtPgliteTemplateDir } from './pglite-template';
import { writePgliteTemplate } from './write-pglite-template';

/** Exit code of `ledger-check` when it refuses to check: the database is not at the latest migration. */
const NOT_MIGRATED = 3;

/**
 * `migrate`, and `ledger-check` (the full books check: balances against the ledger, task credits,
 * commission, admin logs, the hash chains; exit code 1 when anything is wrong), against DATABASE_URL or
 * the PGlite data under DATA_DIR; `pglite-template` (run by the build) writes the migrated cluster a first
 * start copies. `ledger-check` only reads: on a database that is not at the latest migration it changes
 * nothing and exits 3, saying to run `pnpm db:migrate` first (docs/architecture.md#running-it). `backup [FILE]`
 * and `restore FILE` copy the embedded database to a file and back (exit codes in ./backup); with
 * DATABASE_URL set they refuse and name the pg_dump / pg_restore route instead.
 */
async function main(command: string | undefined, file: string | undefined): Promise<number> {
  if (command === 'pglite-template') {
    await writePgliteTemplate(builtPgliteTemplateDir());
    return 0;
  }
  if (command === 'backup' || command === 'restore') {
    if (command === 'restore' && !file) {
      console.error('Usage: pnpm db:restore FILE (a file `pnpm db:backup` wrote)');
      return 2;
    }
    const dataDir = process.env.DATA_DIR || './data';
    const outcome = process.env.DATABASE_URL
      ? postgresRefusal(command)
      : command === 'backup'
        ? await backupPglite(dataDir, file)
        : await restorePglite(dataDir, file!);
    if (outcome.code === 0) console.log(outcome.message);
    else console.error(outcome.message);
    return outcome.code;
  }
  const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
  try {
    if (command === 'migrate') {
      const applied = await migrateToLatest(handle.db);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.');
      return 0;
    }
    if (command === 'ledger-check') {
      const pending = await pendingMigrations(handle.db);
      if (pending.length > 0) {
        console.error(
          `The database is not at the latest migration (${pending.length} not applied: ${pending.join(', ')}). ` +
            'ledger-check only reads and does not migrate: run `pnpm db:migrate` (or start the server), then check again.',
        );
        return NOT_MIGRATED;
      }
      const report = await checkBooks(handle.db);
      for (const problem of report.problems) console.log(`${problem.kind}: ${problem.description}`);
      console.log(summarizeBooks(report));
      return report.problems.length > 0 ? 1 : 0;
    }
    console.error('Usage: cli.js migrate | ledger-check | backup [FILE] | restore FILE | pglite-template');
    return 2;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv[2], process.argv[3]);
