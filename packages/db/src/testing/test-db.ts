import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '../create-db';
import { adminUrl, templateDatabase, withDatabaseName } from './database-url';

let pgliteDump: Blob | undefined;

export interface TestDbHandle extends DbHandle {
  /** The database's own postgres:// address, on a real PostgreSQL (tests that reach it another way). */
  databaseUrl?: string;
}

/**
 * A fresh, migrated database of its own for a test file (or a test): a copy of the run's migrated
 * PGlite, or a new PostgreSQL database made from the template when TEST_DATABASE_URL is set.
 */
export async function createTestDb(): Promise<TestDbHandle> {
  const url = inject('testDatabaseUrl');
  if (url) {
    const prefix = inject('testDatabasePrefix');
    const name = `${prefix}${randomBytes(6).toString('hex')}`;
    const admin = await createDb({ databaseUrl: adminUrl(url), maxConnections: 1 });
    try {
      await sql.raw(`CREATE DATABASE "${name}" TEMPLATE ${templateDatabase(prefix)}`).execute(admin.db);
    } finally {
      await admin.close();
    }
    const databaseUrl = withDatabaseName(url, name);
    const handle = await createDb({ databaseUrl, maxConnections: 20 });
    return {
      ...handle,
      databaseUrl,
      close: async () => {
        await handle.close();
        const cleanup = await createDb({ databaseUrl: adminUrl(url), maxConnections: 1 });
        try {
          await sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).execute(cleanup.db);
        } finally {
          await cleanup.close();
        }
      },
    };
  }
  pgliteDump ??= new Blob([readFileSync(inject('pgliteDumpPath'))]);
  return createDb({ dataDir: 'memory://', loadDataDir: pgliteDump });
}
