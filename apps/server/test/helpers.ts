import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ApiDeps, appRouter, type PushDeliveryCounts } from '@app/api';
import { type ChangeFeed, checkLedger, type Db, insertUser, type TasksTable } from '@app/db';
import { createTestDb, type TestDbHandle } from '@app/db/testing';
import { nextCookieHeader } from '@app/testkit/cookies';
import { type Send, signInThroughDevLogin, unlockAdminPanel } from '@app/testkit/requests';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import type { Insertable } from 'kysely';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { buildOpenApiDocument } from '../src/rest/openapi';

export const ADMIN_PASSWORD = 'test-admin-password';
export const OPERATOR = { username: 'operator', password: 'test-operator-password' };
/**
 * An identity provider at an address nothing answers (port 9): the server starts without it and retries its
 * discovery later, so a test runs with a provider configured, as production must be, and never reaches one.
 */
export const UNREACHABLE_PROVIDER = { OIDC_ISSUER_URL: 'http://127.0.0.1:9/issuer', OIDC_CLIENT_ID: 'pesotasks' };
/** A server as production runs it (Secure cookies, HSTS), its identity provider unreachable. */
export const PRODUCTION_ENV = { NODE_ENV: 'production', PUBLIC_URL: 'https://pesotasks.example', ...UNREACHABLE_PROVIDER };

export interface TestApp {
  app: FastifyInstance;
  /** What the app was built with (its photo store and decoder, its caches...). */
  deps: ApiDeps;
  database: TestDbHandle;
  config: Config;
  /** Moves the server's clock. */
  clock: { now: Date };
  close(): Promise<void>;
}

/**
 * A server on a fresh migrated database, driven through Fastify's inject (no port). Given another test
 * app's database it is a second instance on that database, which leaves the database open at close;
 * given the other test app itself, it also shares its ADMIN_EMAILS, as instances of one deployment do.
 */
/** The G-CASH account a test site's members pay plans to, once openGcashPayments has set it. */
const TEST_GCASH_PAYEE = { gcashNumber: '09171234567', gcashName: 'PesoTasks Inc.' };

/**
 * Sets the G-CASH payee as an admin would in the System tab, without G-CASH plans cannot be bought.
 * Written straight to the database: call it before the app's first request, while nothing is cached.
 */
export async function openGcashPayments(t: TestApp): Promise<void> {
  await t.database.db.updateTable('systemSettings').set(TEST_GCASH_PAYEE).where('id', '=', 1).execute();
}

export async function startTestApp(
  env: Record<string, string> = {},
  shared?: { database: TestApp['database']; config?: Config },
  options: {
    viewClock?: 'database' | 'server';
    clock?: { now: Date };
    changes?: ChangeFeed;
    testPushEndpointOrigins?: string[];
    pushDeliveries?: PushDeliveryCounts;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'server-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ADMIN_PANEL_PASSWORD: ADMIN_PASSWORD,
    COMMISSION_USERNAME: OPERATOR.username,
    COMMISSION_PASSWORD: OPERATOR.password,
    ...env,
  });
  if (shared?.config) config.ADMIN_EMAILS = shared.config.ADMIN_EMAILS;
  const database = shared?.database ?? (await createTestDb());
  const clock = options.clock ?? { now: new Date() };
  // Views are timed by the clock the tests move, unless a test is about the database's clock itself.
  const { app, deps } = await buildApp({
    config,
    db: database.db,
    changes: options.changes ?? (await database.changes()),
    dbStats: database.stats,
    poolConnections: database.poolConnections,
    now: () => clock.now,
    viewClock: options.viewClock ?? 'server',
    ...(options.testPushEndpointOrigins ? { testPushEndpointOrigins: options.testPushEndpointOrigins } : {}),
    ...(options.pushDeliveries ? { pushDeliveries: options.pushDeliveries } : {}),
    logger: false,
  });
  const answered = recordAnsweredStatuses(app);
  await app.ready();
  return {
    app,
    deps,
    database,
    config,
    clock,
    close: async () => {
      const undocumented = undocumentedStatuses(answered);
      await app.close();
      if (!shared) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (undocumented.length) throw new Error(`Statuses the OpenAPI document does not list: ${undocumented.join('; ')}`);
    },
  };
}

/**
 * The calling file's (or describe block's) one app, started with `env` before its tests and closed after
 * them. It is returned at once and filled in before the first test: read it inside tests and hooks.
 */
export function testAppOfFile(env: Record<string, string> = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await startTestApp(env));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/**
 * The calling file's one app, for the files about money: testAppOfFile's app (with the G-CASH payee set when
 * `gcashPayments`), the ledger checked after each test. `started` is handed the app and its database before
 * the file's own beforeAll hooks run.
 */
export function ledgerCheckedAppOfFile(
  options: { env?: Record<string, string>; gcashPayments?: boolean },
  started: (file: { t: TestApp; db: Db }) => Promise<void> | void,
): void {
  const t = testAppOfFile(options.env);
  beforeAll(async () => {
    if (options.gcashPayments) await openGcashPayments(t);
    await started({ t, db: t.database.db });
  });
  afterEach(async () => {
    if (t.database) expect(await checkLedger(t.database.db)).toEqual([]);
  });
}

/** Each documented route's statuses as this file's requests were answered: "POST /api/payouts 409". */
function recordAnsweredStatuses(app: FastifyInstance): Set<string> {
  const answered = new Set<string>();
  app.addHook('onResponse', async (req, reply) => {
    if (req.routeOptions.url) answered.add(`${req.method} ${req.routeOptions.url} ${reply.statusCode}`);
  });
  return answered;
}

/**
 * The answers of documented operations whose status the OpenAPI document does not list for them: every
 * server test file checks the document against what its own calls were answered
 * (docs/api-conventions.md#the-openapi-document).
 */
function undocumentedStatuses(answered: Set<string>): string[] {
  if (answered.size === 0) return [];
  const paths = buildOpenApiDocument(appRouter, 'http://localhost').paths as Record<string, Record<string, { responses?: object }>>;
  return [...answered].filter((entry) => {
    const [method = '', url = '', status = ''] = entry.split(' ');
    if (!url.startsWith('/api/')) return false;
    const operation = paths[url.slice('/api'.length).replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    return operation !== undefined && !(status in (operation.responses ?? {}));
  });
}

/** The cookie header a browser would send back after this response. */
export function cookieHeader(response: LightMyRequestResponse, previous = ''): string {
  return nextCookieHeader(response.headers['set-cookie'], previous);
}

/** A device id as the server hands one out: a browser of its own. */
export const newDeviceId = () => randomBytes(18).toString('base64url');

/**
 * Signs a person in through the development sign-in from a browser of their own: the device id it brings
 * (its `device` cookie) and its network's address. One device id for several people is several accounts made
 * on one phone; a new one each is a fresh browser each.
 */
export async function signInFromBrowser(
  testApp: TestApp,
  email: string,
  browser: { device: string; address: string; firstName?: string; lastName?: string },
) {
  const { device, address, ...names } = browser;
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/dev/login',
    remoteAddress: address,
    headers: { cookie: `device=${device}` },
    payload: { email, ...names },
  });
  if (response.statusCode !== 200) throw new Error(`The sign-in of ${email} answered ${response.statusCode}: ${response.body}`);
  const user = await testApp.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  return { cookie: cookieHeader(response, `device=${device}`), id: user.id, email, referralCode: user.referralCode };
}

let clientAddresses = 0;

/** A client address no other call of this test file used (198.18.0.0/15 is set aside for tests). */
export function freshClientAddress(): string {
  clientAddresses += 1;
  return `198.18.${(clientAddresses >> 8) & 255}.${clientAddresses & 255}`;
}

/**
 * Signs a person in through the development sign-in and returns their cookie header. Each sign-in comes
 * from its own client address, as different people's do, so a file's many sign-ins stay under the
 * per-address sign-in limit.
 */
export function signIn(app: FastifyInstance, email: string, names: { firstName?: string; lastName?: string } = {}) {
  return signInThroughDevLogin(injectSender(app, freshClientAddress()), email, names);
}

/** The testkit's requests (@app/testkit/requests) through inject, from `remoteAddress` if given. */
function injectSender(app: FastifyInstance, remoteAddress?: string): Send {
  return async ({ method, path, json, cookie }) => {
    const response = await app.inject({
      method: method as HTTPMethods,
      url: path,
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(cookie ? { headers: { cookie } } : {}),
      ...(json === undefined ? {} : { payload: json as object }),
    });
    const setCookie = response.headers['set-cookie'];
    return {
      status: response.statusCode,
      body: response.body,
      setCookies: typeof setCookie === 'string' ? [setCookie] : (setCookie ?? []),
    };
  };
}

/**
 * A member, an admin who has not unlocked the panel and one who has, each signed in: the callers whose
 * answers the authorization tests compare. Their e-mails start with `prefix`.
 */
export async function signInRoles(t: TestApp, prefix: string) {
  const member = await signIn(t.app, `${prefix}-member@example.com`);
  await createAdmin(t, `${prefix}-locked@example.com`);
  const lockedAdmin = await signIn(t.app, `${prefix}-locked@example.com`);
  const unlockedAdmin = await signInUnlockedAdmin(t, `${prefix}-admin@example.com`);
  return { member, lockedAdmin, unlockedAdmin };
}

/** A task written straight to the database, as an admin's form would make it; its id. */
export async function insertTask(db: Db, task: Insertable<TasksTable>): Promise<string> {
  return (await db.insertInto('tasks').values(task).returning('id').executeTakeFirstOrThrow()).id;
}

/** The member's rows in `table` (their sessions, their support messages), by id: the member named by the e-mail they signed in with. */
export function ownedRows(db: Db, table: 'sessions' | 'supportMessages', email: string): Promise<Array<{ id: string }>> {
  return db
    .selectFrom(table)
    .select('id')
    .where('userId', 'in', db.selectFrom('users').select('id').where('email', '=', email))
    .execute();
}

/** The panel unlock as the admin's browser sends it, with `password` (the panel's own unless given). */
export const postUnlock = (t: TestApp, cookie: string, password = ADMIN_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/admin/unlock', headers: { cookie }, payload: { password } });

/**
 * An admin as an operator makes one: the e-mail goes into ADMIN_EMAILS (this app's live list, which the
 * server reads at every request) and the account is marked admin.
 */
export async function createAdmin(testApp: TestApp, email = 'boss@example.com'): Promise<void> {
  testApp.config.ADMIN_EMAILS.push(email.toLowerCase());
  await insertUser(testApp.database.db, { email, firstName: 'Bo', lastName: 'Boss', isAdmin: true });
}

/** An admin signed in with the panel unlocked. */
export async function signInUnlockedAdmin(testApp: TestApp, email = 'boss@example.com'): Promise<string> {
  await createAdmin(testApp, email);
  const cookie = await signIn(testApp.app, email);
  await unlockAdminPanel(injectSender(testApp.app), ADMIN_PASSWORD, cookie);
  return cookie;
}

export async function signInOperator(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/percentage/login', payload: OPERATOR });
  if (response.statusCode !== 200) throw new Error(`operator sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieHeader(response);
}
