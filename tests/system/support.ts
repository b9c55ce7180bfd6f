import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, type DbHandle } from '@app/db';
import { fetchSender, signInThroughDevLogin, signInUnlockedAdmin as unlockedAdmin } from '@app/testkit/requests';
import { type ServerProcess, startBuiltServer } from '@app/testkit/server';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';

/** The PostgreSQL server these tests run on; unset, only the PGlite tests run. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? '';
export const NO_POSTGRES = 'needs a PostgreSQL server: set TEST_DATABASE_URL';

export const ADMIN_PANEL_PASSWORD = 'system-admin-password';
export const OPERATOR = { username: 'operator', password: 'system-operator-password' };

/** The server's 15 s drain limit (apps/server/src/main.ts) and a margin for the process to end. */
export const DRAIN_LIMIT_MS = 15_000;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A database of this test file's own on the PostgreSQL server, created empty: the server migrates it. */
export async function createDatabase(): Promise<{ url: string; db: DbHandle; drop(): Promise<void> }> {
  const name = `app_system_${process.pid}_${randomBytes(4).toString('hex')}`;
  const adminUrl = withDatabase(testDatabaseUrl, 'postgres');
  const admin = await createDb({ databaseUrl: adminUrl, maxConnections: 1 });
  await sql.raw(`CREATE DATABASE "${name}"`).execute(admin.db);
  const url = withDatabase(testDatabaseUrl, name);
  const db = await createDb({ databaseUrl: url, maxConnections: 4 });
  return {
    url,
    db,
    drop: async () => {
      await db.close();
      await sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).execute(admin.db);
      await admin.close();
    },
  };
}

/**
 * Two instances of the built server on one database of the calling file's (or describe block's) own:
 * started before its tests with `env`, one after the other (the first migrates the empty database), and
 * stopped, the database dropped, after them. Returned at once and filled in before the first test.
 */
export function twoInstancesOfFile(env: Record<string, string> = {}): {
  database: Awaited<ReturnType<typeof createDatabase>>;
  a: ServerProcess;
  b: ServerProcess;
} {
  const instances = { database: {}, a: {}, b: {} } as ReturnType<typeof twoInstancesOfFile>;
  beforeAll(async () => {
    Object.assign(instances.database, await createDatabase());
    for (const instance of [instances.a, instances.b]) {
      Object.assign(instance, await startServer({ DATABASE_URL: instances.database.url, ...env }));
    }
  });
  afterAll(async () => {
    await Promise.all([instances.a.stop?.(), instances.b.stop?.()]);
    await instances.database.drop?.();
  });
  return instances;
}

export function temporaryDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'system-data-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type { ServerProcess } from '@app/testkit/server';

/**
 * Starts the built server with development sign-in, no demo data and a one-second view time, on the
 * embedded database unless `env` names one.
 */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  return startBuiltServer({
    DATABASE_URL: '',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_PANEL_PASSWORD,
    COMMISSION_USERNAME: OPERATOR.username,
    COMMISSION_PASSWORD: OPERATOR.password,
    TASK_VIEW_SECONDS: '1',
    REDIS_URL: '',
    ADMIN_EMAILS: ADMIN_EMAIL,
    ...env,
  });
}

/** Signs a member in through the development sign-in and returns their cookie header. */
export function signIn(baseUrl: string, email: string): Promise<string> {
  return signInThroughDevLogin(fetchSender(baseUrl), email);
}

/** A JSON call with a session cookie; the status and the parsed body. */
export async function call(baseUrl: string, cookie: string, method: string, url: string, body?: unknown) {
  const answer = await fetchSender(baseUrl)({ method, path: url, cookie, json: body });
  return { status: answer.status, body: answer.body ? JSON.parse(answer.body) : null };
}

export const ADMIN_EMAIL = 'boss@example.com';

/** The admin (ADMIN_EMAIL, which startServer makes an admin) signed in with the panel unlocked. */
export function signInUnlockedAdmin(baseUrl: string): Promise<string> {
  return unlockedAdmin(fetchSender(baseUrl), ADMIN_EMAIL, ADMIN_PANEL_PASSWORD);
}

/** A member signed in with an available balance an admin set (a logged admin adjustment, as in production). */
export async function fundedMember(baseUrl: string, adminCookie: string, email: string, pesos: string) {
  const cookie = await signIn(baseUrl, email);
  const { body: user } = await call(baseUrl, cookie, 'GET', '/api/auth/user');
  const funded = await call(baseUrl, adminCookie, 'PUT', `/api/admin/users/${user.id}/balance`, {
    newBalance: pesos,
    expectedBalance: user.availableBalance,
    reason: 'Opening balance',
  });
  if (funded.status !== 200) throw new Error(`balance edit failed: ${funded.status} ${JSON.stringify(funded.body)}`);
  return { cookie, id: user.id as string };
}
