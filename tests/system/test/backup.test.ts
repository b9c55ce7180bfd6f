import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { createDb, type Db, migrateToLatest, seedDemoData } from '@app/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createDatabase,
  fundedMember,
  NO_POSTGRES,
  type ServerProcess,
  signInUnlockedAdmin,
  startServer,
  temporaryDataDir,
  testDatabaseUrl,
} from '../support';

/**
 * `pnpm db:backup` and `pnpm db:restore` (the built CLI they run) on the embedded database: a server's data
 * with money moved through the API is backed up once the server stopped, restored into an empty folder, and
 * the books check passes there on the same data. Refused, with nothing written: a backup while the server
 * has the folder open, a restore over a database, a file that is no backup, a backup from newer code, and
 * both with DATABASE_URL set, which name the pg_dump / pg_restore route; that route itself is run on
 * PostgreSQL (docs/architecture.md#running-it).
 */
const cli = fileURLToPath(new URL('../../../packages/db/dist/cli.js', import.meta.url));
const run = promisify(execFile);
/** The migrated empty database the build writes (`pnpm --filter @app/db build`): a new data folder starts from it. */
const builtTemplate = fileURLToPath(new URL('../../../packages/db/dist/pglite-template', import.meta.url));

async function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string; errors: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { env: { ...process.env, DATABASE_URL: '', ...env } });
    return { code: 0, output: stdout, errors: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout, errors: failed.stderr };
  }
}

/** What must survive a backup and a restore: the people, every balance, the ledger's and the admin log's chain heads, the migrations. */
async function fingerprint(db: Db) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT (SELECT count(*) FROM users) AS users,
           (SELECT sum(available_balance + pending_payout + total_earnings + total_paid_out) FROM users) AS balances,
           (SELECT string_agg(id || ':' || coalesce(ledger_head, '-'), ',' ORDER BY id) FROM users) AS ledger_heads,
           (SELECT count(*) FROM transactions) AS ledger_rows,
           (SELECT count(*) FROM payouts) AS payouts,
           (SELECT head FROM admin_log_chain) AS admin_log_head,
           (SELECT string_agg(name, ',' ORDER BY name) FROM kysely_migration) AS migrations`.execute(db);
  return rows[0];
}

async function pgliteFingerprint(dataDir: string) {
  const handle = await createDb({ dataDir, pgliteTemplateDir: null });
  try {
    return await fingerprint(handle.db);
  } finally {
    await handle.close();
  }
}

/** A gzipped tar of something else than a data folder. */
function otherArchive(): Buffer {
  const folder = temporaryDataDir();
  try {
    writeFileSync(path.join(folder.dir, 'notes.txt'), 'hello\n');
    const made = spawnSync('tar', ['-czf', '-', '-C', folder.dir, 'notes.txt']);
    if (made.status !== 0) throw new Error(`tar failed: ${made.stderr}`);
    return made.stdout;
  } finally {
    folder.remove();
  }
}

const entries = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);

describe('pnpm db:backup and pnpm db:restore on the embedded database', () => {
  const original = temporaryDataDir();
  const restored = temporaryDataDir();
  const scratch = temporaryDataDir();
  let server: ServerProcess | undefined;
  let backupFile = '';

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: original.dir, DEMO_DATA: 'true' });
    const admin = await signInUnlockedAdmin(server.baseUrl);
    await fundedMember(server.baseUrl, admin, 'kept@example.com', '750');
    const member = await fundedMember(server.baseUrl, admin, 'paid@example.com', '300');
    const payout = await call(server.baseUrl, member.cookie, 'POST', '/api/payouts', {
      paymentMethod: 'G-CASH',
      amount: '150.25',
      paymentDetails: '0917 555 0101 Juan Dela Cruz',
    });
    expect(payout.status, JSON.stringify(payout.body)).toBe(200);
  });

  afterAll(async () => {
    await server?.stop();
    for (const folder of [original, restored, scratch]) folder.remove();
  });

  it('refuses to back up while the server has the folder open, and writes no file', async () => {
    const file = path.join(scratch.dir, 'while-running.tar.gz');
    const refused = await runCli(['backup', file], { DATA_DIR: original.dir });
    expect(refused.code, refused.output + refused.errors).toBe(4);
    expect(refused.errors).toContain(`${path.join(original.dir, 'pglite')} is in use: its postmaster.pid is there`);
    expect(refused.errors).toContain('Stop the server (SIGTERM or Ctrl+C) and run `pnpm db:backup` again.');
    expect(existsSync(file)).toBe(false);
    expect(entries(path.join(original.dir, 'backups'))).toEqual([]);
  });

  it('backs up the stopped server’s database to backups/ under DATA_DIR, restores it into an empty folder, and the books check passes there on the same data', async () => {
    const stopped = await server!.stop();
    expect(stopped.code, server!.output()).toBe(0);

    const backup = await runCli(['backup'], { DATA_DIR: original.dir });
    expect(backup.code, backup.errors).toBe(0);
    const written = backup.output.match(/ to (\S+pesotasks-\d{8}T\d{6}Z\.tar\.gz) \([\d.]+ MB\)\.$/m)?.[1];
    expect(written, backup.output).toBeDefined();
    backupFile = written!;
    expect(path.dirname(backupFile)).toBe(path.join(original.dir, 'backups'));
    expect(backup.output).toMatch(/^Backed up \S+ \(\d+ users, \d+ ledger rows, migration \d{4}_\w+\) to /);
    // Closed again: a server may start on the folder, and a second backup is not refused.
    expect(existsSync(path.join(original.dir, 'pglite', 'postmaster.pid'))).toBe(false);

    const restore = await runCli(['restore', backupFile], { DATA_DIR: restored.dir });
    expect(restore.code, restore.errors).toBe(0);
    expect(restore.output).toContain(`Restored ${backupFile} into ${path.join(restored.dir, 'pglite')} (`);
    expect(restore.output).toContain('It is at the latest migration');
    expect(entries(restored.dir)).toEqual(['pglite']);
    expect(existsSync(path.join(restored.dir, 'pglite', 'postmaster.pid'))).toBe(false);

    const checkedOriginal = await runCli(['ledger-check'], { DATA_DIR: original.dir });
    const checkedRestored = await runCli(['ledger-check'], { DATA_DIR: restored.dir });
    expect(checkedRestored.code, checkedRestored.output + checkedRestored.errors).toBe(0);
    expect(checkedRestored.output).toMatch(/^Books check: no problems in \d+ users, \d+ ledger rows/m);
    expect(checkedRestored.output).toBe(checkedOriginal.output);

    const before = await pgliteFingerprint(original.dir);
    expect(Number(before?.users)).toBeGreaterThan(2);
    expect(Number(before?.payouts)).toBeGreaterThan(0);
    expect(await pgliteFingerprint(restored.dir)).toEqual(before);
  });

  it('refuses to restore over a database, and leaves it as it was', async () => {
    const before = await pgliteFingerprint(restored.dir);
    const refused = await runCli(['restore', backupFile], { DATA_DIR: restored.dir });
    expect(refused.code).toBe(4);
    expect(refused.errors).toContain(
      `${path.join(restored.dir, 'pglite')} is not empty: a restore writes only into an empty or absent folder`,
    );
    expect(refused.errors).toContain('move the folder aside');
    expect(await pgliteFingerprint(restored.dir)).toEqual(before);
  });

  it('refuses to overwrite a file with a backup', async () => {
    const refused = await runCli(['backup', backupFile], { DATA_DIR: original.dir });
    expect(refused.code).toBe(4);
    expect(refused.errors).toContain(`${backupFile} already exists`);
  });

  it('refuses a file that is no backup (garbage, cut short, another archive) and leaves the target folder empty', async () => {
    const whole = readFileSync(backupFile);
    const files = {
      'garbage.bin': { bytes: Buffer.from('not a backup at all\n'.repeat(100)), reason: 'neither a gzipped tar nor a tar' },
      'cut-short.tar.gz': { bytes: whole.subarray(0, Math.floor(whole.length / 2)), reason: 'a damaged or cut short gzip' },
      // Unzipped and cut between two of its files: every header read is sound, the archive's end is missing.
      'cut-short.tar': { bytes: gunzipSync(whole).subarray(0, 512 * 4096), reason: 'a tar cut short' },
      'other.tar.gz': { bytes: otherArchive(), reason: 'a tar without PG_VERSION and global/pg_control' },
    };
    for (const [name, { bytes, reason }] of Object.entries(files)) {
      const file = path.join(scratch.dir, name);
      writeFileSync(file, bytes);
      const target = temporaryDataDir();
      try {
        const refused = await runCli(['restore', file], { DATA_DIR: target.dir });
        expect(refused.code, name).toBe(1);
        expect(refused.errors).toContain(`${file} is not a PesoTasks backup (${reason}`);
        expect(refused.errors).toContain('nothing was restored');
        expect(entries(target.dir), name).toEqual([]);
      } finally {
        target.remove();
      }
    }
    const missing = await runCli(['restore', path.join(scratch.dir, 'absent.tar.gz')], { DATA_DIR: scratch.dir });
    expect(missing.code).toBe(1);
    expect(missing.errors).toMatch(/^Cannot read \S+absent\.tar\.gz \(ENOENT/);
    const usage = await runCli(['restore'], { DATA_DIR: scratch.dir });
    expect(usage.code).toBe(2);
    expect(usage.errors).toContain('Usage: pnpm db:restore FILE');
  });

  it('restores a backup from older code and says to migrate; refuses one from newer code, restoring nothing', async () => {
    /** A backup of a new database whose migration list `edit` changed, and what restoring it into an empty folder answers. */
    const restoreEdited = async (name: string, edit: (db: Db) => Promise<unknown>) => {
      const source = temporaryDataDir();
      const target = temporaryDataDir();
      try {
        const handle = await createDb({ dataDir: source.dir, pgliteTemplateDir: builtTemplate });
        try {
          await edit(handle.db);
        } finally {
          await handle.close();
        }
        const file = path.join(scratch.dir, name);
        expect((await runCli(['backup', file], { DATA_DIR: source.dir })).code).toBe(0);
        return { ...(await runCli(['restore', file], { DATA_DIR: target.dir })), restored: entries(target.dir) };
      } finally {
        source.remove();
        target.remove();
      }
    };

    let newest = '';
    const older = await restoreEdited('older.tar.gz', async (db) => {
      const { rows } = await sql<{
        name: string;
      }>`DELETE FROM kysely_migration WHERE name = (SELECT max(name) FROM kysely_migration) RETURNING name`.execute(db);
      newest = rows[0]?.name ?? '';
    });
    expect(older.code, older.errors).toBe(0);
    expect(older.output).toContain(`It is 1 migration(s) behind this code (${newest}): run \`pnpm db:migrate\``);
    expect(older.restored).toEqual(['pglite']);

    const newer = await restoreEdited('newer.tar.gz', (db) =>
      sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_the_future', now()::text)`.execute(db),
    );
    expect(newer.code).toBe(3);
    expect(newer.errors).toContain('comes from a newer PesoTasks: it has migrations this code does not know (9999_from_the_future)');
    expect(newer.restored).toEqual([]);
  }, 120_000);

  it('refuses both with DATABASE_URL set, naming the pg_dump / pg_restore route', async () => {
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: scratch.dir };
    const backup = await runCli(['backup'], env);
    expect(backup.code).toBe(4);
    expect(backup.errors).toContain('DATABASE_URL is set: `pnpm db:backup` is for the embedded database');
    expect(backup.errors).toContain('pg_dump --format=custom');
    const restore = await runCli(['restore', path.join(scratch.dir, 'any.tar.gz')], env);
    expect(restore.code).toBe(4);
    expect(restore.errors).toContain('pg_restore --clean --if-exists');
    expect(entries(scratch.dir)).not.toContain('pglite');
  });
});

const pgTools = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);
/** A developer's machine without the client tools skips this route; CI (.ci/run installs them) never does. */
const skipPgTools = !pgTools && !process.env.CI;

describe.skipIf(!testDatabaseUrl || skipPgTools)(
  `the README's pg_dump / pg_restore route on PostgreSQL (${NO_POSTGRES}, and pg_dump outside CI)`,
  () => {
    it('restores a pg_dump --format=custom into a new database with pg_restore --clean --if-exists: the books check passes there on the same data', async () => {
      expect(pgTools, 'pg_dump and pg_restore are on the PATH (in CI, .ci/run installs postgresql-client)').toBe(true);
      const source = await createDatabase();
      const copy = await createDatabase();
      const dumps = temporaryDataDir();
      try {
        await migrateToLatest(source.db.db);
        await seedDemoData(source.db.db);
        const file = path.join(dumps.dir, 'pesotasks.dump');
        await run('pg_dump', ['--format=custom', `--file=${file}`, source.url]);
        await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${copy.url}`, file]);

        const checked = await runCli(['ledger-check'], { DATABASE_URL: copy.url });
        expect(checked.code, checked.output + checked.errors).toBe(0);
        expect(checked.output).toMatch(/^Books check: no problems in /m);
        expect(await fingerprint(copy.db.db)).toEqual(await fingerprint(source.db.db));
      } finally {
        dumps.remove();
        await copy.drop();
        await source.drop();
      }
    });
  },
);
