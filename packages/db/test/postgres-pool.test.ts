import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src';
import { migrations } from '../src/migrations';
import { createTestDb, type TestDbHandle } from '../src/testing';

/**
 * Statements outside a transaction go to postgres.js's pool, which hands consecutive statements to
 * different connections once several are open; what needs one session must still get one.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL connection pool', () => {
  let owner: TestDbHandle;
  let handle: DbHandle;

  beforeAll(async () => {
    owner = await createTestDb();
    handle = await createDb({ databaseUrl: owner.databaseUrl, maxConnections: 4 });
    // Four connections open and idle, so the pool rotates between them.
    await Promise.all([1, 2, 3, 4].map(() => sql`SELECT pg_sleep(0.05)`.execute(handle.db)));
  });
  afterAll(async () => {
    await handle.close();
    await owner.close();
  });

  const backendPid = async (db: DbHandle['db']) => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]?.pid;

  it('spreads statements outside a transaction over its connections', async () => {
    const pids = new Set<number | undefined>();
    for (let statement = 0; statement < 8; statement++) pids.add(await backendPid(handle.db));
    expect(pids.size).toBeGreaterThan(1);
  });

  it('runs every statement of a transaction on one session', async () => {
    const pids = await handle.db.transaction().execute(async (trx) => {
      const seen: (number | undefined)[] = [];
      for (let statement = 0; statement < 8; statement++) seen.push(await backendPid(trx));
      return seen;
    });
    expect(new Set(pids).size).toBe(1);
  });

  it("runs a transaction's first statement inside it, though its BEGIN was not waited for", async () => {
    const isolation = await handle.db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(
        async (trx) => (await sql<{ level: string }>`SELECT current_setting('transaction_isolation') AS level`.execute(trx)).rows[0]?.level,
      );
    expect(isolation).toBe('serializable');

    // A first statement that writes is undone with the rest.
    const title = `Rolled back ${Date.now()}`;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('tasks').values({ title, url: 'https://example.com/r', reward: 100 }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await handle.db.selectFrom('tasks').select('id').where('title', '=', title).execute()).toEqual([]);
  });

  it("releases the migrator's session lock on the session that took it", async () => {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    for (let run = 0; run < 4; run++) {
      const { error } = await migrator.migrateToLatest();
      expect(error).toBeUndefined();
    }
    const held = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND database = (
        SELECT oid FROM pg_database WHERE datname = current_database()
      )`.execute(handle.db);
    expect(held.rows[0]?.count).toBe(0);
  });
});
