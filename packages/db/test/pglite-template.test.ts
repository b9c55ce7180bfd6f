import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, insertUser, migrateToLatest } from '../src';
import { copyPgliteTemplate } from '../src/pglite-template';
import { writePgliteTemplate } from '../src/write-pglite-template';

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('copyPgliteTemplate', () => {
  /** A template as packing leaves it: pg_tblspc, empty, is listed but gone. */
  const fakeTemplate = () => {
    const dir = path.join(root, `fake-${Math.random().toString(36).slice(2)}`);
    mkdirSync(path.join(dir, 'cluster', 'base', '1'), { recursive: true });
    writeFileSync(path.join(dir, 'cluster', 'PG_VERSION'), '17\n');
    writeFileSync(path.join(dir, 'cluster', 'base', '1', '1259'), 'catalog');
    writeFileSync(path.join(dir, 'folders.json'), JSON.stringify(['base', 'base/1', 'pg_tblspc']));
    return dir;
  };

  it('fills an absent folder, empty folders included, and leaves no copy in progress behind', () => {
    const target = path.join(root, 'absent', 'pglite');
    expect(copyPgliteTemplate(target, fakeTemplate())).toBe(true);
    expect(readFileSync(path.join(target, 'base', '1', '1259'), 'utf8')).toBe('catalog');
    expect(readdirSync(target).sort()).toEqual(['PG_VERSION', 'base', 'pg_tblspc']);
    expect(readdirSync(path.dirname(target))).toEqual(['pglite']);
  });

  it('fills an empty folder', () => {
    const target = path.join(root, 'empty');
    mkdirSync(target);
    expect(copyPgliteTemplate(target, fakeTemplate())).toBe(true);
    expect(existsSync(path.join(target, 'PG_VERSION'))).toBe(true);
  });

  it('leaves a folder that holds anything to PGlite', () => {
    const target = path.join(root, 'in-use');
    mkdirSync(target);
    writeFileSync(path.join(target, 'PG_VERSION'), '16\n');
    expect(copyPgliteTemplate(target, fakeTemplate())).toBe(false);
    expect(readdirSync(target)).toEqual(['PG_VERSION']);
    expect(readFileSync(path.join(target, 'PG_VERSION'), 'utf8')).toBe('16\n');
  });

  it('does nothing without a whole built template', () => {
    const target = path.join(root, 'no-template');
    expect(copyPgliteTemplate(target, path.join(root, 'never-built'))).toBe(false);
    const withoutFolderList = fakeTemplate();
    rmSync(path.join(withoutFolderList, 'folders.json'));
    expect(copyPgliteTemplate(target, withoutFolderList)).toBe(false);
    expect(existsSync(target)).toBe(false);
  });
});

describe('a first start from the written template', () => {
  it('opens a migrated, empty database that keeps its data on the next start', async () => {
    const template = path.join(root, 'template');
    await writePgliteTemplate(template);
    expect(existsSync(`${template}.writing`)).toBe(false);
    expect(readdirSync(template).sort()).toEqual(['cluster', 'folders.json']);
    // As `pnpm deploy` packs it for the image: every empty folder gone.
    const removed = removeEmptyFolders(path.join(template, 'cluster'));
    expect(removed).toContain('pg_tblspc');

    const dataDir = path.join(root, 'data');
    const first = await createDb({ dataDir, pgliteTemplateDir: template });
    try {
      expect(await migrateToLatest(first.db)).toEqual([]);
      expect(await first.db.selectFrom('users').select('id').execute()).toEqual([]);
      await insertUser(first.db, { email: 'first@example.com' });
    } finally {
      await first.close();
    }

    const second = await createDb({ dataDir, pgliteTemplateDir: template });
    try {
      const users = await second.db.selectFrom('users').select('email').execute();
      expect(users).toEqual([{ email: 'first@example.com' }]);
    } finally {
      await second.close();
    }
    // Two PGlite starts and a migration: about 25 s on an idle two-core machine, past 60 s beside CI's other suites.
  }, 180_000);
});

function removeEmptyFolders(dir: string, relative = ''): string[] {
  const removed = readdirSync(path.join(dir, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => removeEmptyFolders(dir, path.join(relative, entry.name)));
  if (relative && readdirSync(path.join(dir, relative)).length === 0) {
    rmdirSync(path.join(dir, relative));
    removed.push(relative);
  }
  return removed;
}
