import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDb, type Db } from '../create-db';
import { migrateToLatest } from '../migrate';
import { adminUrl, projectPrefix, TEST_DATABASE_PREFIX, templateDatabase, withDatabaseName } from './database-url';

/**
 * Migrates one database per test run: booting PGlite and migrating cost seconds, copying a migrated
 * database costs milliseconds. On a real PostgreSQL the copy source is a template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const prefix = projectPrefix(process.pid, project.name);
  project.provide('testDatabaseUrl', url);
  project.provide('testDatabasePrefix', prefix);

  if (url) {
    const admin = await createDb({ databaseUrl: adminUrl(url), maxConnections: 1 });
    await dropTestDatabases(admin.db, (name) => name.startsWith(prefix) || !isRunning(ownerOf(name)));
    await sql.raw(`CREATE DATABASE ${templateDatabase(prefix)}`).execute(admin.db);
    const template = await createDb({ databaseUrl: withDatabaseName(url, templateDatabase(prefix)), maxConnections: 1 });
    await migrateToLatest(template.db);
    await template.close();
    project.provide('pgliteDumpPath', '');
    return async () => {
      await dropTestDatabases(admin.db, (name) => name.startsWith(prefix));
      await admin.close();
    };
  }

  const handle = await createDb({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  const dump = await handle.pglite!.dumpDataDir('gzip');
  await handle.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-test-'));
  const dumpPath = path.join(dir, 'migrated.tar.gz');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', dumpPath);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The process id of the test run that made a database, from its name. */
function ownerOf(name: string): number {
  return Number(name.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
}

/** Drops the server's test databases that `shouldDrop` picks by name. */
async function dropTestDatabases(db: Db, shouldDrop: (name: string) => boolean) {
  const { rows } = await sql<{ datname: string }>`
    SELECT datname FROM pg_database WHERE datname LIKE ${`${TEST_DATABASE_PREFIX}%`}
  `.execute(db);
  for (const { datname } of rows) {
    if (shouldDrop(datname)) await sql.raw(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).execute(db);
  }
}

/** Whether a process (a test run that owns databases) still runs; leftovers of dead runs are dropped. */
function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
