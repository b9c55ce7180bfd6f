import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src';
import { backupPglite } from '../src/backup';

/** The permission bits of a file or folder, as `ls -l` reads them: '700'. */
const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** Opens the embedded database under `dataDir` and closes it again, as a server's start and stop do. */
async function openAndClose(dataDir: string) {
  const handle = await createDb({ dataDir });
  // A database never queried is never opened by kysely, which then has nothing to close either.
  await sql`SELECT 1`.execute(handle.db);
  await handle.close();
}

let root: string;
let dataDir: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'private-files-'));
  dataDir = path.join(root, 'new', 'data');
  await openAndClose(dataDir);
  // A PGlite start: seconds alone, past 30 s beside CI's other suites on two cores.
}, 120_000);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the embedded database’s folder', () => {
  it('is made readable by its owner alone, and DATA_DIR too when the server makes it', () => {
    expect(modeOf(path.join(dataDir, 'pglite'))).toBe('700');
    expect(modeOf(dataDir)).toBe('700');
  });

  it('is narrowed when an earlier version left it readable by every local user', async () => {
    chmodSync(path.join(dataDir, 'pglite'), 0o755);
    await openAndClose(dataDir);
    expect(modeOf(path.join(dataDir, 'pglite'))).toBe('700');
  }, 30_000);
});

describe('a backup', () => {
  it('is written readable by its owner alone, in a backups folder of the owner’s alone', async () => {
    // A backups folder an earlier version made readable by everyone.
    mkdirSync(path.join(dataDir, 'backups'));
    chmodSync(path.join(dataDir, 'backups'), 0o755);
    expect(await backupPglite(dataDir)).toMatchObject({ code: 0 });
    const [file] = readdirSync(path.join(dataDir, 'backups'));
    expect(modeOf(path.join(dataDir, 'backups', file!))).toBe('600');
    expect(modeOf(path.join(dataDir, 'backups'))).toBe('700');
  }, 30_000);

  it('given a FILE elsewhere, is the owner’s alone and leaves the modes of that folder as they are', async () => {
    const elsewhere = path.join(root, 'shared-folder');
    mkdirSync(elsewhere);
    chmodSync(elsewhere, 0o755);
    expect(await backupPglite(dataDir, path.join(elsewhere, 'nightly.tar.gz'))).toMatchObject({ code: 0 });
    expect(modeOf(path.join(elsewhere, 'nightly.tar.gz'))).toBe('600');
    expect(modeOf(elsewhere)).toBe('755');
  }, 30_000);
});
