import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { createDb, type Db } from './create-db';
import { migrations } from './migrations';
import { makePrivateFolder, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-files';

/**
 * `pnpm db:backup [FILE]` and `pnpm db:restore FILE` for the embedded database (docs/architecture.md#running-it).
 * A backup is PGlite's own dump of its data folder (`dumpDataDir`, a gzipped tar), taken by this process
 * alone: PGlite keeps no lock on its folder, so a second process opening it beside a running server would
 * write the same files. The backup therefore refuses while `postmaster.pid` is in the folder (PGlite writes
 * it on opening the folder and removes it on closing), then opens the database, runs CHECKPOINT and dumps.
 * A restore unpacks into a folder beside the target, opens the database there, and renames it into place
 * only once it started and its migrations are known, so a failed restore leaves the target as it was.
 */

/** Exit codes: 0 done; these otherwise (2 is the CLI's usage error). */
const EXIT = {
  /** The file is not a backup, or the database in it does not start; nothing was restored. */
  failed: 1,
  /** The backup comes from newer code: it holds migrations this code does not know. Nothing was restored. */
  unknownMigrations: 3,
  /** Refused as things stand (DATABASE_URL set, the folder in use, the target not empty, FILE present); nothing was done. */
  refused: 4,
} as const;

export interface Outcome {
  code: number;
  /** For stdout when code is 0, for stderr otherwise. */
  message: string;
}

const PG_DUMP_ROUTE = 'pg_dump --format=custom --file=pesotasks.dump "$DATABASE_URL" (a consistent snapshot; the servers may keep running)';
const PG_RESTORE_ROUTE =
  'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" pesotasks.dump with the servers stopped, then `pnpm ledger:check`';

/** With DATABASE_URL set: PostgreSQL is backed up with its own tools (docs/architecture.md#running-it). */
export function postgresRefusal(command: 'backup' | 'restore'): Outcome {
  const route = command === 'backup' ? `Back PostgreSQL up with ${PG_DUMP_ROUTE}` : `Restore PostgreSQL with ${PG_RESTORE_ROUTE}`;
  return {
    code: EXIT.refused,
    message:
      `DATABASE_URL is set: \`pnpm db:${command}\` is for the embedded database (PGlite under DATA_DIR) only. ` +
      `${route}; see the README, "Using a real PostgreSQL". Unset DATABASE_URL for the embedded database.`,
  };
}

const clusterDir = (dataDir: string) => path.resolve(dataDir, 'pglite');

const defaultBackupFolder = (dataDir: string) => path.resolve(dataDir, 'backups');

/** `backups/pesotasks-20250102T030405Z.tar.gz` under DATA_DIR, on the same disk (or volume) as the data. */
function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return path.join(defaultBackupFolder(dataDir), `pesotasks-${stamp}.tar.gz`);
}

export async function backupPglite(dataDir: string, file = defaultBackupFile(dataDir)): Promise<Outcome> {
  const cluster = clusterDir(dataDir);
  if (!existsSync(path.join(cluster, 'PG_VERSION'))) {
    return { code: EXIT.refused, message: `There is no embedded database in ${cluster} (check DATA_DIR): nothing to back up.` };
  }
  if (existsSync(path.join(cluster, 'postmaster.pid'))) {
    return {
      code: EXIT.refused,
      message:
        `${cluster} is in use: its postmaster.pid is there, which PGlite writes when a process opens the folder and ` +
        'removes when it closes it, and a backup taken beside a running server would not be consistent. Stop the ' +
        'server (SIGTERM or Ctrl+C) and run `pnpm db:backup` again. If no server runs, the last one was killed ' +
        'before closing the database: start it once and stop it with SIGTERM, then back up.',
    };
  }
  const target = path.resolve(file);
  if (existsSync(target))
    return { code: EXIT.refused, message: `${target} already exists: give another FILE (a backup never overwrites).` };

  const handle = await createDb({ dataDir, pgliteTemplateDir: null });
  let dump: Blob;
  let contents: string;
  try {
    contents = await describe(handle.db);
    // Written to the data files, so the dump needs no recovery of the write-ahead log to be complete.
    await sql`CHECKPOINT`.execute(handle.db);
    dump = await handle.pglite!.dumpDataDir('gzip');
  } finally {
    await handle.close();
  }
  // The default folder is ours and made owner-only; a FILE elsewhere leaves its folder's modes alone (new
  // folders on the way are owner-only). The file is owner-only wherever it is.
  if (path.dirname(target) === defaultBackupFolder(dataDir)) makePrivateFolder(path.dirname(target));
  else mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  // Written beside FILE and renamed: a backup cut off midway leaves no FILE that looks whole.
  const partial = `${target}.partial`;
  try {
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()), { mode: PRIVATE_FILE_MODE });
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  const megabytes = (statSync(target).size / 2 ** 20).toFixed(1);
  return { code: 0, message: `Backed up ${cluster} (${contents}) to ${target} (${megabytes} MB).` };
}

export async function restorePglite(dataDir: string, file: string): Promise<Outcome> {
  const cluster = clusterDir(dataDir);
  if (existsSync(cluster) && readdirSync(cluster).length > 0) {
    return {
      code: EXIT.refused,
      message:
        `${cluster} is not empty: a restore writes only into an empty or absent folder and never over a database. ` +
        `Stop the server, move the folder aside (mv ${cluster} ${cluster}.old) or point DATA_DIR at a new folder, and run again.`,
    };
  }
  const source = path.resolve(file);
  let bytes: Buffer;
  try {
    bytes = readFileSync(source);
  } catch (error) {
    return { code: EXIT.failed, message: `Cannot read ${source} (${reason(error)}): nothing was restored.` };
  }
  let tar: Uint8Array;
  try {
    tar = unpackBackup(bytes);
  } catch (error) {
    return { code: EXIT.failed, message: `${source} is not a PesoTasks backup (${reason(error)}): nothing was restored.` };
  }

  // Unpacked and started beside the target (DATA_DIR/pglite.restoring/pglite), renamed into place when sound.
  const staging = path.resolve(dataDir, 'pglite.restoring');
  rmSync(staging, { recursive: true, force: true });
  try {
    let unknown: string[];
    let pending: string[];
    let contents: string;
    try {
      const handle = await createDb({ dataDir: staging, loadDataDir: new Blob([tar]) });
      try {
        const applied = await appliedMigrations(handle.db);
        unknown = applied.filter((name) => !(name in migrations));
        pending = Object.keys(migrations).filter((name) => !applied.includes(name));
        contents = await describe(handle.db);
      } finally {
        await handle.close();
      }
    } catch (error) {
      return { code: EXIT.failed, message: `The database in ${source} does not start (${reason(error)}): nothing was restored.` };
    }
    if (unknown.length > 0) {
      return {
        code: EXIT.unknownMigrations,
        message:
          `${source} comes from a newer PesoTasks: it has migrations this code does not know (${unknown.join(', ')}). ` +
          'Restore it with that version, or a later one: nothing was restored.',
      };
    }
    if (existsSync(cluster)) rmdirSync(cluster);
    renameSync(path.join(staging, 'pglite'), cluster);
    const state =
      pending.length === 0
        ? 'It is at the latest migration: start the server, or run `pnpm ledger:check`.'
        : `It is ${pending.length} migration(s) behind this code (${pending.join(', ')}): run \`pnpm db:migrate\` ` +
          '(or start the server, which migrates) before `pnpm ledger:check`.';
    return { code: 0, message: `Restored ${source} into ${cluster} (${contents}). ${state}` };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The backup's tar, unzipped; throws unless it is a whole tar of a PostgreSQL data folder. */
function unpackBackup(bytes: Buffer): Uint8Array {
  let tar: Uint8Array = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = gunzipSync(bytes);
    } catch (error) {
      throw new Error(`a damaged or cut short gzip: ${reason(error)}`);
    }
  }
  const names = new Set(tarEntryNames(tar));
  const missing = ['PG_VERSION', 'global/pg_control'].filter((name) => !names.has(name));
  if (missing.length > 0) throw new Error(`a tar without ${missing.join(' and ')}, so no PostgreSQL data folder`);
  return tar;
}

/**
 * The names in a tar archive (ustar, as PGlite writes it), without leading or trailing slashes. A whole one
 * ends in a zero block, which PGlite's dump writes: an archive cut short between two files has none.
 */
function tarEntryNames(tar: Uint8Array): string[] {
  const text = (from: number, length: number) =>
    new TextDecoder()
      .decode(tar.subarray(from, from + length))
      .replace(/\0.*$/s, '')
      .trim();
  const names: string[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return names;
    // The checksum is the sum of the header's bytes, its own eight counted as spaces.
    const sum = header.reduce((total, byte, at) => total + (at >= 148 && at < 156 ? 32 : byte), 0);
    if (text(offset + 257, 6) !== 'ustar' || Number.parseInt(text(offset + 148, 8), 8) !== sum) {
      throw new Error(offset === 0 ? 'neither a gzipped tar nor a tar' : `a damaged tar header at byte ${offset}`);
    }
    const prefix = text(offset + 345, 155);
    const name = text(offset, 100);
    names.push((prefix ? `${prefix}/${name}` : name).replace(/^\/+|\/+$/g, ''));
    offset += 512 + Math.ceil(Number.parseInt(text(offset + 124, 12) || '0', 8) / 512) * 512;
  }
  throw new Error(tar.length < 512 ? 'neither a gzipped tar nor a tar' : 'a tar cut short');
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ present: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS present`.execute(db);
  if (!rows[0]?.present) return [];
  const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return applied.rows.map((row) => row.name);
}

/** "12 users, 340 ledger rows, migration 0010_change_notifications": what the report shows of a database. */
async function describe(db: Db): Promise<string> {
  const applied = await appliedMigrations(db);
  if (!applied.includes('0001_schema')) return 'never migrated: no tables';
  const { rows } = await sql<{ users: number; ledgerRows: number }>`
    SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM transactions) AS ledger_rows`.execute(db);
  const counts = rows[0] ?? { users: 0, ledgerRows: 0 };
  return `${counts.users} users, ${counts.ledgerRows} ledger rows, migration ${applied.at(-1)}`;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
