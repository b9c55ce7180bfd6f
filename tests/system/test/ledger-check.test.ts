import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDb, type DbHandle, migrateToLatest, seedDemoData } from '@app/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, NO_POSTGRES, temporaryDataDir, testDatabaseUrl } from '../support';

/**
 * `pnpm ledger:check` (the built CLI it runs) on the embedded database and on PostgreSQL: clean books pass,
 * a ledger row edited directly in the database fails the check, which names that row, and a database that
 * is not at the latest migration is refused and left as it was (a check never changes a schema).
 */
const cli = fileURLToPath(new URL('../../../packages/db/dist/cli.js', import.meta.url));
const run = promisify(execFile);

/** A database of this file's own, and how the CLI reaches it. */
interface Target {
  env: Record<string, string>;
  /** Opens the database for the test to prepare or tamper with it; closed before the CLI runs (PGlite takes one process at a time). */
  open(): Promise<DbHandle>;
  remove(): Promise<void>;
}

const targets: { name: string; skip: boolean; make(): Promise<Target> }[] = [
  {
    name: 'PGlite',
    skip: false,
    make: async () => {
      const data = temporaryDataDir();
      return {
        env: { DATABASE_URL: '', DATA_DIR: data.dir },
        // No template: a new folder holds a database never migrated, as an old deploy's would.
        open: () => createDb({ dataDir: data.dir, pgliteTemplateDir: null }),
        remove: async () => data.remove(),
      };
    },
  },
  {
    name: `PostgreSQL (${NO_POSTGRES})`,
    skip: !testDatabaseUrl,
    make: async () => {
      const database = await createDatabase();
      return {
        env: { DATABASE_URL: database.url, DATA_DIR: '' },
        open: () => createDb({ databaseUrl: database.url, maxConnections: 1 }),
        remove: () => database.drop(),
      };
    },
  },
];

async function ledgerCheck(target: Target): Promise<{ code: number; output: string; errors: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, 'ledger-check'], { env: { ...process.env, ...target.env } });
    return { code: 0, output: stdout, errors: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout, errors: failed.stderr };
  }
}

/** Runs `work` on the database, then closes it. */
async function withDatabase<T>(target: Target, work: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await target.open();
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

const exists = async (handle: DbHandle, table: string) =>
  (await sql<{ present: boolean }>`SELECT to_regclass(${table}) IS NOT NULL AS present`.execute(handle.db)).rows[0]?.present;

for (const { name, skip, make } of targets) {
  describe.skipIf(skip)(`pnpm ledger:check on ${name}`, () => {
    let target: Target;
    beforeAll(async () => {
      target = await make();
    });
    afterAll(async () => {
      await target?.remove();
    });

    it('refuses a database never migrated, and creates nothing in it', async () => {
      await withDatabase(target, async () => {});

      const refused = await ledgerCheck(target);
      expect(refused.code, refused.output).toBe(3);
      expect(refused.errors).toMatch(/^The database is not at the latest migration \(\d+ not applied: 0001_schema, /);
      expect(refused.errors).toContain('run `pnpm db:migrate`');
      expect(refused.output).not.toContain('Books check');
      await withDatabase(target, async (handle) => {
        expect(await exists(handle, 'kysely_migration')).toBe(false);
        expect(await exists(handle, 'users')).toBe(false);
      });
    });

    it('passes clean books and names the ledger row edited behind the application’s back', async () => {
      await withDatabase(target, async (handle) => {
        await migrateToLatest(handle.db);
        await seedDemoData(handle.db);
      });

      const clean = await ledgerCheck(target);
      expect(clean.code, clean.output + clean.errors).toBe(0);
      expect(clean.output).toMatch(/^Books check: no problems in /m);

      const row = await withDatabase(target, async (handle) => {
        const edited = await handle.db
          .selectFrom('transactions as t')
          .innerJoin('users as u', 'u.id', 't.userId')
          .select(['t.id', 't.seq', 't.userId'])
          .where('u.email', '=', 'member@example.com')
          .orderBy('t.seq')
          .offset(1)
          .executeTakeFirstOrThrow();
        // A description rewritten: the balances still add up, so only the chain can tell.
        await sql`UPDATE transactions SET description = 'Something else' WHERE id = ${edited.id}`.execute(handle.db);
        return edited;
      });

      const tampered = await ledgerCheck(target);
      expect(tampered.code).toBe(1);
      expect(tampered.output).toContain(
        `chain-broken: Ledger of user ${row.userId}: row #${Number(row.seq)} (${row.id}) was changed: its hash does not match its content and the row before it`,
      );
      expect(tampered.output).toMatch(/Books check: 1 problems \(1 chain-broken\)/);
    });

    it('refuses a database one migration behind, without migrating it', async () => {
      // As after deploying code with a new migration, before `pnpm db:migrate` ran.
      const last = await withDatabase(target, async (handle) => {
        const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(handle.db);
        const newest = rows[0]?.name ?? '';
        await sql`DELETE FROM kysely_migration WHERE name = ${newest}`.execute(handle.db);
        return newest;
      });

      const refused = await ledgerCheck(target);
      expect(refused.code, refused.output).toBe(3);
      expect(refused.errors).toContain(`The database is not at the latest migration (1 not applied: ${last}).`);
      await withDatabase(target, async (handle) => {
        const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration WHERE name = ${last}`.execute(handle.db);
        expect(rows).toEqual([]);
      });
    });
  });
}
