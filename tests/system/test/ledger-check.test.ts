import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDb, type DbHandle, migrateToLatest, rechainLedger, seedDemoData } from '@app/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, NO_POSTGRES, temporaryDataDir, testDatabaseUrl } from '../support';

/**
 * `pnpm ledger:check` (the built CLI it runs) on the embedded database and on PostgreSQL: clean books pass,
 * a ledger row edited directly in the database fails the check, which names that row, and a database that
 * is not at the latest migration is refused and left as it was (a check never changes a schema). Heads
 * exported to a file catch a ledger tail rewritten and chained anew, which the chains alone cannot.
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

async function ledgerCheck(target: Target, args: string[] = []): Promise<{ code: number; output: string; errors: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, 'ledger-check', ...args], { env: { ...process.env, ...target.env } });
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

for (const { name, skip, make } of targets) {
  describe.skipIf(skip)(`pnpm ledger:check --export-heads and --heads on ${name}`, () => {
    let target: Target;
    const files = temporaryDataDir();
    const heads = path.join(files.dir, 'heads.json');
    beforeAll(async () => {
      target = await make();
      await withDatabase(target, async (handle) => {
        await migrateToLatest(handle.db);
        await seedDemoData(handle.db);
      });
    });
    afterAll(async () => {
      await target?.remove();
      files.remove();
    });

    it('exports the heads, and names the ledger whose tail was rewritten and chained anew since', async () => {
      const exported = await ledgerCheck(target, ['--export-heads', heads]);
      expect(exported.code, exported.output + exported.errors).toBe(0);
      expect(exported.output).toMatch(/^Books check: no problems in /m);
      expect(exported.output).toContain(`Chain heads of 1 members' ledgers and the admin log written to ${heads}.`);
      const written = JSON.parse(readFileSync(heads, 'utf8'));

      const rewritten = await withDatabase(target, async (handle) => {
        const member = await handle.db.selectFrom('users').select('id').where('email', '=', 'member@example.com').executeTakeFirstOrThrow();
        await handle.db.transaction().execute(async (trx) => {
          // Row #2 earns ₱100 more, its view records it, the balances follow, and every chain is chained anew.
          const row = sql`(SELECT id FROM transactions WHERE user_id = ${member.id} AND seq = 2)`;
          await sql`UPDATE task_views SET reward = reward + 10000 WHERE id = (SELECT task_view_id FROM transactions WHERE id = ${row})`.execute(
            trx,
          );
          await sql`UPDATE transactions SET amount = amount + 10000, available_delta = available_delta + 10000, earnings_delta = earnings_delta + 10000
            WHERE id = ${row}`.execute(trx);
          await sql`UPDATE users SET available_balance = available_balance + 10000, total_earnings = total_earnings + 10000 WHERE id = ${member.id}`.execute(
            trx,
          );
          await rechainLedger(trx);
        });
        const last = await handle.db
          .selectFrom('transactions')
          .select(['id', 'seq'])
          .where('userId', '=', member.id)
          .orderBy('seq', 'desc')
          .executeTakeFirstOrThrow();
        return { userId: member.id, ...last };
      });
      expect(written.members).toEqual([{ id: rewritten.userId, seq: Number(rewritten.seq), hash: expect.any(String) }]);

      const unaware = await ledgerCheck(target);
      expect(unaware.code, unaware.output).toBe(0);

      const compared = await ledgerCheck(target, ['--heads', heads]);
      expect(compared.code, compared.output + compared.errors).toBe(1);
      expect(compared.output).toContain(
        `head-mismatch: Ledger of user ${rewritten.userId}: row #${Number(rewritten.seq)} (${rewritten.id}) no longer has the hash recorded in the heads exported at ${written.exportedAt}`,
      );
      expect(compared.output).toMatch(/Books check: 1 problems \(1 head-mismatch\)/);

      // Heads are not exported over a rewritten chain.
      const again = await ledgerCheck(target, ['--heads', heads, '--export-heads', heads]);
      expect(again.code).toBe(1);
      expect(again.errors).toContain(`The heads were not written to ${heads}`);
      expect(JSON.parse(readFileSync(heads, 'utf8'))).toEqual(written);
    });

    it('says why a heads file cannot be used, and exits 2', async () => {
      const missing = await ledgerCheck(target, ['--heads', path.join(files.dir, 'none.json')]);
      expect(missing.code).toBe(2);
      expect(missing.errors).toMatch(/^Cannot read the heads file .*none\.json: /);
      writeFileSync(path.join(files.dir, 'other.json'), '{"not": "heads"}');
      const other = await ledgerCheck(target, ['--heads', path.join(files.dir, 'other.json')]);
      expect(other.code).toBe(2);
      expect(other.errors).toContain('is not one `ledger-check --export-heads` wrote: it has no exportedAt time.');
      expect((await ledgerCheck(target, ['--heads'])).code).toBe(2);
    });
  });
}
