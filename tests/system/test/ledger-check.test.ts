import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDb, migrateToLatest, seedDemoData } from '@app/db';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { temporaryDataDir } from '../support';

/**
 * `pnpm ledger:check` (the built CLI it runs) on an embedded database: clean books pass, and a ledger row
 * edited directly in the database fails the check, which names that row.
 */
const cli = fileURLToPath(new URL('../../../packages/db/dist/cli.js', import.meta.url));
const run = promisify(execFile);

const data = temporaryDataDir();
afterAll(() => data.remove());

async function ledgerCheck(): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [cli, 'ledger-check'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: data.dir },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

describe('pnpm ledger:check', () => {
  it('passes clean books and names the ledger row edited behind the application’s back', async () => {
    const handle = await createDb({ dataDir: data.dir });
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db);
    await handle.close();

    const clean = await ledgerCheck();
    expect(clean.code, clean.output).toBe(0);
    expect(clean.output).toMatch(/^Books check: no problems in /m);

    const tamper = await createDb({ dataDir: data.dir });
    const row = await tamper.db
      .selectFrom('transactions as t')
      .innerJoin('users as u', 'u.id', 't.userId')
      .select(['t.id', 't.seq', 't.userId'])
      .where('u.email', '=', 'member@example.com')
      .orderBy('t.seq')
      .offset(1)
      .executeTakeFirstOrThrow();
    // A description rewritten: the balances still add up, so only the chain can tell.
    await sql`UPDATE transactions SET description = 'Something else' WHERE id = ${row.id}`.execute(tamper.db);
    await tamper.close();

    const tampered = await ledgerCheck();
    expect(tampered.code).toBe(1);
    expect(tampered.output).toContain(
      `chain-broken: Ledger of user ${row.userId}: row #${Number(row.seq)} (${row.id}) was changed: its hash does not match its content and the row before it`,
    );
    expect(tampered.output).toMatch(/Books check: 1 problems \(1 chain-broken\)/);
  });
});
