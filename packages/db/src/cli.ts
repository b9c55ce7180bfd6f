import { readFile, writeFile } from 'node:fs/promises';
import { backupPglite, postgresRefusal, restorePglite } from './backup';
import { type BooksReport, checkBooks, summarizeBooks } from './books';
import { createDb } from './create-db';
import { type ChainHeads, parseChainHeads } from './heads';
import { migrateToLatest, pendingMigrations } from './migrate';
import { builtPgliteTemplateDir } from './pglite-template';
import { writePgliteTemplate } from './write-pglite-template';

/** Exit code of `ledger-check` when it refuses to check: the database is not at the latest migration. */
const NOT_MIGRATED = 3;
/** Exit code of a command given what it cannot use: unknown arguments, a heads file it cannot read or write. */
const USAGE = 2;

const USAGE_TEXT =
  'Usage: cli.js migrate | ledger-check [--heads FILE] [--export-heads FILE] | backup [FILE] | restore FILE | pglite-template';

/** `ledger-check`'s options: the heads file to compare with, the file to export the heads to. */
function ledgerCheckOptions(args: string[]): { heads?: string; exportHeads?: string } | null {
  const options: { heads?: string; exportHeads?: string } = {};
  for (let index = 0; index < args.length; index += 2) {
    const [flag, value] = [args[index], args[index + 1]];
    if (!value || value.startsWith('--')) return null;
    if (flag === '--heads') options.heads = value;
    else if (flag === '--export-heads') options.exportHeads = value;
    else return null;
  }
  return options;
}

/** The heads a file exported earlier holds, or a sentence saying why they cannot be read. */
async function readHeadsFile(file: string): Promise<ChainHeads | string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return `Cannot read the heads file ${file}: ${(error as Error).message}`;
  }
  const heads = parseChainHeads(text);
  return 'refused' in heads ? `The heads file ${file} is not one \`ledger-check --export-heads\` wrote: ${heads.refused}.` : heads;
}

/**
 * `migrate`, and `ledger-check` (the full books check: balances against the ledger, task credits,
 * commission, payouts, admin logs, the hash chains; exit code 1 when anything is wrong), against DATABASE_URL or
 * the PGlite data under DATA_DIR; `pglite-template` (run by the build) writes the migrated cluster a first
 * start copies. `ledger-check` only reads: on a database that is not at the latest migration it changes
 * nothing and exits 3, saying to run `pnpm db:migrate` first (docs/architecture.md#running-it). `backup [FILE]`
 * and `restore FILE` copy the embedded database to a file and back (exit codes in ./backup); with
 * DATABASE_URL set they refuse and name the pg_dump / pg_restore route instead.
 * `ledger-check --export-heads FILE` also writes the chains' heads to FILE, and `--heads FILE` compares the
 * chains with heads written earlier (docs/product-rules.md#evidence); a file it cannot read or write: exit 2.
 */
async function main(command: string | undefined, ...args: string[]): Promise<number> {
  const [file] = args;
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
  // The command and what ledger-check is given are read before the database is opened: nothing to open for a
  // call that cannot run (and PGlite, opened and closed without a statement, does not let the process end).
  const options = command === 'ledger-check' ? ledgerCheckOptions(args) : command === 'migrate' ? {} : null;
  if (!options) {
    console.error(USAGE_TEXT);
    return USAGE;
  }
  const knownHeads = options.heads ? await readHeadsFile(options.heads) : undefined;
  if (typeof knownHeads === 'string') {
    console.error(knownHeads);
    return USAGE;
  }
  const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
  try {
    if (command === 'ledger-check') {
      const pending = await pendingMigrations(handle.db);
      if (pending.length > 0) {
        console.error(
          `The database is not at the latest migration (${pending.length} not applied: ${pending.join(', ')}). ` +
            'ledger-check only reads and does not migrate: run `pnpm db:migrate` (or start the server), then check again.',
        );
        return NOT_MIGRATED;
      }
      const report = await checkBooks(handle.db, { knownHeads, exportHeadsAt: options.exportHeads ? new Date() : undefined });
      for (const problem of report.problems) console.log(`${problem.kind}: ${problem.description}`);
      console.log(summarizeBooks(report));
      if (knownHeads) {
        console.log(
          `Compared with the heads exported at ${knownHeads.exportedAt} (${knownHeads.members.length} members' ledgers and the admin log).`,
        );
      }
      if (options.exportHeads && report.heads) {
        const exported = await exportHeads(options.exportHeads, report);
        if (exported !== 0) return exported;
      }
      return report.problems.length > 0 ? 1 : 0;
    }
    const applied = await migrateToLatest(handle.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.');
    return 0;
  } finally {
    await handle.close();
  }
}

/**
 * Writes the heads the check read, unless a chain is broken or differs from heads exported earlier: heads
 * of a rewritten chain would vouch for it. 0, or the exit code of a refusal.
 */
async function exportHeads(file: string, report: BooksReport): Promise<number> {
  if (report.problems.some((problem) => problem.kind === 'chain-broken' || problem.kind === 'head-mismatch')) {
    console.error(`The heads were not written to ${file}: a chain is broken or was rewritten. Keep the heads file you had.`);
    return 1;
  }
  try {
    await writeFile(file, `${JSON.stringify(report.heads, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    console.error(`Cannot write the heads file ${file}: ${(error as Error).message}`);
    return USAGE;
  }
  console.log(
    `Chain heads of ${report.heads?.members.length ?? 0} members' ledgers and the admin log written to ${file}. Keep it off the database's host.`,
  );
  return 0;
}

process.exitCode = await main(process.argv[2], ...process.argv.slice(3));
