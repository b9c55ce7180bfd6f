import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type DbHandle } from '@app/db';
import { sql } from 'kysely';

const serverEntry = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

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

export function temporaryDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'system-data-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** What the server wrote to stdout and stderr, for failure messages. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for the exit; the code and how long it took. */
  stop(): Promise<{ code: number | null; ms: number }>;
}

/**
 * Starts the BUILT server (`node apps/server/dist/main.js`, what `pnpm start` runs) with development
 * sign-in, no demo data and a one-second view time, and waits until /readyz answers.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  if (!existsSync(serverEntry)) throw new Error('The server is not built: run `pnpm build` first (pnpm test does).');
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become ready in 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    port,
    child,
    output: () => output,
    exited,
    stop: async () => {
      const started = performance.now();
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      return { code, ms: performance.now() - started };
    },
  };
}

/** The `name=value` pairs a browser would send back after this response. */
export function cookiesFrom(response: Response, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    const value = pair.slice(at + 1);
    if (value === '') jar.delete(pair.slice(0, at));
    else jar.set(pair.slice(0, at), value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Signs a member in through the development sign-in and returns their cookie header. */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookiesFrom(response);
}

/** A JSON call with a session cookie; the status and the parsed body. */
export async function call(baseUrl: string, cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export const ADMIN_EMAIL = 'boss@example.com';

/** The admin (ADMIN_EMAIL, which startServer makes an admin) signed in with the panel unlocked. */
export async function signInUnlockedAdmin(baseUrl: string): Promise<string> {
  const cookie = await signIn(baseUrl, ADMIN_EMAIL);
  const unlocked = await call(baseUrl, cookie, 'POST', '/api/admin/unlock', { password: ADMIN_PANEL_PASSWORD });
  if (unlocked.status !== 200) throw new Error(`unlock failed: ${unlocked.status} ${JSON.stringify(unlocked.body)}`);
  return cookie;
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
