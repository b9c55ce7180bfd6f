import { inspect } from 'node:util';
import { appRouter } from '@app/api';
import { COMMISSION_PAYOUT_METHODS, ERROR_CODES, isCatalogueText, messages, PAYOUT_METHODS } from '@app/contracts';
import { isFilipinoServerText } from '@app/contracts/server-texts';
import { newGcashDetails } from '@app/testkit/fixtures';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { listRestProcedures } from '../src/rest/adapter';
import { UPLOAD_PHOTO_PATH } from '../src/rest/upload';
import { adminFixtures } from './admin-fixtures';
import { type DatabaseSnapshot, takeSnapshot } from './db-snapshot';
import { openGcashPayments, signIn, signInOperator, startTestApp, type TestApp } from './helpers';
import { type FieldSchema, hostileValue, plausibleValue, unicodeEdge, wrongJsonType } from './hostile-arbitraries';

/**
 * Generated hostile input to every REST path and tRPC procedure, each called as the roles that get past
 * its sign-in gate: never a 5xx, every refusal a JSON `{message, code}`, and a refused call leaves the
 * database as it was (docs/api-conventions.md#errors).
 */

/**
 * Generated calls per route and transport: 8 make 1,176 calls (68 REST routes and 70 procedures, 8 each;
 * two batch properties and the upload, 24 each), besides the 280 that find the roles.
 */
const RUNS_PER_ROUTE = 8;

type RoleName = 'anonymous' | 'member' | 'admin' | 'operator';
const ROLE_NAMES: RoleName[] = ['anonymous', 'member', 'admin', 'operator'];

interface Target {
  /** The test's name: transport, method and path. */
  name: string;
  procedure: string;
  type: 'query' | 'mutation';
  transport: 'rest' | 'trpc';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** REST path with :params; the tRPC path for tRPC. */
  url: string;
  fields: Record<string, FieldSchema>;
}

type ProcedureDef = { _def: { type: 'query' | 'mutation'; inputs: z.ZodType[] } };
/**
 * Every query and mutation. The live stream, the one subscription, answers as server-sent events even when
 * it refuses (an error event): test/live.test.ts sends it hostile input.
 */
const procedures = Object.fromEntries(
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).filter(
    ([, procedure]) => procedure._def.type !== 'subscription',
  ),
) as Record<string, ProcedureDef>;

/** The input's top-level fields as its JSON Schema names them (none for a void or non-object input). */
function inputFields(procedure: string): Record<string, FieldSchema> {
  const [input] = procedures[procedure]?._def.inputs ?? [];
  if (!input) return {};
  const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, FieldSchema> };
  return schema.properties ?? {};
}

const restTargets: Target[] = listRestProcedures(appRouter).map((route) => ({
  name: `REST ${route.method} ${route.url}`,
  procedure: route.path,
  type: procedures[route.path]?._def.type ?? 'query',
  transport: 'rest',
  method: route.method as Target['method'],
  url: route.url,
  fields: inputFields(route.path),
}));

const trpcTargets: Target[] = Object.entries(procedures).map(([path, procedure]) => ({
  name: `tRPC ${procedure._def.type} ${path}`,
  procedure: path,
  type: procedure._def.type,
  transport: 'trpc',
  method: procedure._def.type === 'query' ? 'GET' : 'POST',
  url: `/trpc/${path}`,
  fields: inputFields(path),
}));

let t: TestApp;
/** What the server logged at error level during the current call: the cause of a 5xx. */
const serverErrors: string[] = [];
const cookies: Record<RoleName, string> = { anonymous: '', member: '', admin: '', operator: '' };
let member: { id: string; email: string };
let admin: { id: string; email: string };
/** Real ids and words (plans, payment methods, referral codes) that generated values draw from. */
let knownValues: string[] = [];
/** The roles whose calls to a procedure get past its sign-in gate (filled by probing, below). */
const reachingRoles = new Map<string, RoleName[]>();

const ok = (response: LightMyRequestResponse) => {
  if (response.statusCode >= 300) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json();
};

beforeAll(async () => {
  t = await startTestApp();
  await openGcashPayments(t);
  // Without a logger Fastify hands every request the same silent logger; listen to its errors.
  vi.spyOn(t.app.log, 'error').mockImplementation((...args: unknown[]) => {
    serverErrors.push(args.map((arg) => (arg instanceof Object ? inspect(arg, { depth: 4 }) : String(arg))).join(' '));
  });
  const fixtures = await adminFixtures(t, 'hostile');
  const db = t.database.db;
  admin = await db.selectFrom('users').select(['id', 'email']).where('id', '=', fixtures.adminId).executeTakeFirstOrThrow();
  const signedIn = await fixtures.member({ balance: 500_000 });
  member = { id: signedIn.id, email: signedIn.user.email };
  cookies.admin = fixtures.adminCookie;
  cookies.member = signedIn.cookie;
  cookies.operator = await signInOperator(t.app);

  // One record of each kind, so generated ids sometimes name a real one and reach deeper rules.
  const task = ok(await fixtures.admin('POST', '/api/admin/tasks', { title: 'Visit', url: 'https://example.com', reward: '1.00' }));
  const popup = ok(await fixtures.admin('POST', '/api/admin/popups', { title: 'Hello', content: '<p>Hello there</p>' }));
  const notification = ok(await fixtures.admin('POST', '/api/notifications', { title: 'News', message: 'Read me' }));
  ok(
    await fixtures.as(cookies.member, 'POST', '/api/payouts', {
      paymentMethod: 'G-CASH',
      amount: '150.00',
      paymentDetails: newGcashDetails(),
    }),
  );
  const vipRequest = { vipTier: 'VIP300', paymentInfo: { transactionProof: '1234567890123' } };
  ok(await fixtures.as(cookies.member, 'POST', '/api/vip/upgrade', vipRequest));
  ok(await fixtures.as(cookies.member, 'POST', '/api/support/messages', { message: 'Help' }));
  const ids = await Promise.all([
    db.selectFrom('users').select(['id', 'referralCode']).execute(),
    db.selectFrom('payouts').select('id').execute(),
    db.selectFrom('vipRequests').select('id').execute(),
    db.selectFrom('vipPlans').select('id').execute(),
  ]);
  knownValues = [
    task.id,
    popup.id,
    notification.id,
    ...ids[0].flatMap((user) => [user.id, user.referralCode]),
    ...ids.slice(1).flatMap((rows) => rows.map((row) => row.id)),
    ...PAYOUT_METHODS,
    ...COMMISSION_PAYOUT_METHODS,
  ];

  // Every input parser refuses a bare number, and each procedure's gates run before its parser: the
  // roles that get a 400 (not a 401 or a gate's 403) are the ones whose input reaches the procedure.
  for (const [path, procedure] of Object.entries(procedures)) {
    const roles: RoleName[] = [];
    for (const role of ROLE_NAMES) {
      const response = await t.app.inject({
        method: procedure._def.type === 'query' ? 'GET' : 'POST',
        url: procedure._def.type === 'query' ? `/trpc/${path}?input=12345` : `/trpc/${path}`,
        headers: { cookie: cookies[role], 'content-type': 'application/json' },
        ...(procedure._def.type === 'query' ? {} : { payload: '12345' }),
      });
      if (response.statusCode === 400) roles.push(role);
      else expect([401, 403], `${path} as ${role}: ${response.body}`).toContain(response.statusCode);
    }
    reachingRoles.set(path, roles);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/**
 * What a successful generated call may have changed about the callers themselves: the site switched to
 * maintenance, a caller suspended or banned (sessions ended), the admin panel locked, the operator
 * signed out. Put back, so the next call still reaches the code under test.
 */
async function restoreCallers(): Promise<void> {
  const db = t.database.db;
  // The generated calls spend the sign-in and other limits; the callers' own sign-ins must not be refused.
  await db.deleteFrom('rateLimits').execute();
  await db.updateTable('systemSettings').set({ maintenance: false, websiteStatus: 'on' }).execute();
  await db.updateTable('users').set({ accountStatus: 'active', statusReason: null }).where('id', 'in', [member.id, admin.id]).execute();
  const sessionsOf = async (userId: string) => (await db.selectFrom('sessions').select('id').where('userId', '=', userId).execute()).length;
  if ((await sessionsOf(member.id)) === 0) cookies.member = await signIn(t.app, member.email);
  if ((await sessionsOf(admin.id)) === 0) cookies.admin = await signIn(t.app, admin.email);
  await db
    .updateTable('sessions')
    .set({ adminUnlockedUntil: new Date(t.clock.now.getTime() + 3_600_000) })
    .where('userId', '=', admin.id)
    .execute();
  if ((await db.selectFrom('commissionSessions').select('id').execute()).length === 0) cookies.operator = await signInOperator(t.app);
}

/** `{message, code}` of a refusal and the status it names: REST and Fastify answer flat, tRPC inside its `error` envelope. */
function refusalOf(body: unknown): { message: unknown; code: unknown; status?: unknown } {
  const flat = body as {
    message?: unknown;
    code?: unknown;
    error?: { message?: unknown; data?: { code?: unknown; httpStatus?: unknown } };
  };
  if (typeof flat?.error === 'object')
    return { message: flat.error.message, code: flat.error.data?.code, status: flat.error.data?.httpStatus };
  return { message: flat?.message, code: flat?.code };
}

/**
 * A refusal explains itself: a catalogue text and a code whose status is the one answered. A batch
 * answers one item per call (status 207 when they differ), and each refused item explains itself.
 */
function expectExplainedRefusals(response: LightMyRequestResponse, context: string): void {
  const body: unknown = response.json();
  const refusals = Array.isArray(body) ? body.filter((item) => (item as { error?: unknown })?.error !== undefined) : [body];
  for (const refusal of refusals) {
    const { message, code, status } = refusalOf(refusal);
    // In the member's language: a fuzzed call may have switched the member to Filipino (POST /api/profile/language).
    expect(
      typeof message === 'string' && (isCatalogueText(message) || isFilipinoServerText(message)),
      `catalogue message in ${context}`,
    ).toBe(true);
    expect(Object.keys(ERROR_CODES), `code in ${context}`).toContain(code);
    const codeStatus = ERROR_CODES[code as keyof typeof ERROR_CODES].httpStatus;
    expect(status ?? codeStatus, `status of the code in ${context}`).toBe(codeStatus);
    if (!Array.isArray(body)) expect(response.statusCode, `status of the code in ${context}`).toBe(codeStatus);
  }
}

/** A snapshot known to match the database; dropped whenever a call succeeded. */
let lastSnapshot: DatabaseSnapshot | null = null;

/** Sends one call and checks the rules every answer keeps; `batch`: the answer is one item per call. */
async function sendAndCheck(request: InjectOptions, batch = false): Promise<LightMyRequestResponse> {
  const before = lastSnapshot ?? (await takeSnapshot(t.database.db));
  serverErrors.length = 0;
  const response = await t.app.inject(request);
  const context = `${request.method} ${String(request.url).slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 500)}`;
  expect(response.statusCode, `${context}\nserver log: ${serverErrors.join('\n')}`).toBeLessThan(500);
  expect(response.body, context).not.toMatch(/\n\s+at .+:\d+:\d+/);
  if (response.statusCode >= 400) {
    expectExplainedRefusals(response, context);
    const after = await takeSnapshot(t.database.db);
    expect(after, `database changed by a refused call: ${context}`).toEqual(before);
    lastSnapshot = after;
    return response;
  }
  if (batch) expectExplainedRefusals(response, context);
  lastSnapshot = null;
  await restoreCallers();
  return response;
}

/** A request body: the real fields (any subset) with plausible or hostile values, extra fields, or no object at all. */
function inputArbitrary(fields: Record<string, FieldSchema>): fc.Arbitrary<unknown> {
  const hostile = hostileValue(knownValues);
  const fieldValues = Object.fromEntries(
    Object.entries(fields).map(([name, schema]) => [name, fc.oneof(plausibleValue(schema, knownValues), hostile)]),
  );
  const extraKey = fc.oneof(fc.constantFrom('isAdmin', 'id', 'userId', 'role', 'availableBalance', 'status', 'prototype'), fc.string());
  const object = fc
    .tuple(fc.record(fieldValues, { requiredKeys: [] }), fc.dictionary(extraKey, hostile, { maxKeys: 3 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
  return fc.oneof({ arbitrary: object, weight: 8 }, { arbitrary: wrongJsonType, weight: 1 }, { arbitrary: unicodeEdge, weight: 1 });
}

/** Bodies that are not JSON at all, sent as JSON. */
const brokenJson = fc.constantFrom('{', '{"a":', 'not json', '[1,2', '{"a":1}garbage', '\u0000', "{'a':1}", '');

/** Percent-encodes every character; a lone surrogate as the three bytes a careless client sends for it (invalid UTF-8). */
function encodePathSegment(text: string): string {
  return Array.from(text, (character) => {
    const unit = character.charCodeAt(0);
    if (character.length === 2 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(character);
    return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16)}`).join('');
  }).join('');
}

/** A path parameter: encoded as a client library would, or raw (dots and slashes that change the path). */
function pathParameter(): fc.Arbitrary<string> {
  const encoded = hostileValue(knownValues).map((value) =>
    encodePathSegment(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')),
  );
  return fc.oneof(
    { arbitrary: encoded, weight: 5 },
    { arbitrary: fc.constantFrom('../..', '..%2F..', '%2e%2e', 'a%00b', '%', '%ZZ', '.', '%20'), weight: 1 },
  );
}

function queryString(input: unknown): string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return encodeURIComponent(JSON.stringify(input) ?? '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, typeof item === 'string' ? item : (JSON.stringify(item) ?? ''));
    }
  }
  return params.toString();
}

function roleArbitrary(procedure: string): fc.Arbitrary<RoleName> {
  const roles = reachingRoles.get(procedure) ?? [];
  // Mostly the roles that reach the procedure; now and then nobody, to check the gate answers too.
  return fc.oneof({ arbitrary: fc.constantFrom(...roles), weight: 5 }, { arbitrary: fc.constant<RoleName>('anonymous'), weight: 1 });
}

function requestArbitrary(target: Target): fc.Arbitrary<InjectOptions> {
  const paramNames = [...target.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const contentType = fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 8 },
    { arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'), weight: 1 },
  );
  return fc
    .record({
      role: roleArbitrary(target.procedure),
      params: fc.tuple(...paramNames.map(() => pathParameter())),
      input: inputArbitrary(target.fields),
      broken: fc.option(brokenJson, { freq: 9 }),
      contentType,
    })
    .map(({ role, params, input, broken, contentType }) => {
      const headers: Record<string, string> = cookies[role] ? { cookie: cookies[role] } : {};
      const path = paramNames.reduce((url, name, index) => url.replace(`:${name}`, params[index] as string), target.url);
      const text = broken ?? JSON.stringify(input) ?? '';
      if (target.method === 'GET' || target.method === 'DELETE') {
        const search = target.transport === 'trpc' || broken !== null ? `input=${encodeURIComponent(text)}` : queryString(input);
        return { method: target.method, url: search ? `${path}?${search}` : path, headers };
      }
      return { method: target.method, url: path, headers: { ...headers, 'content-type': contentType }, payload: text };
    });
}

it('reaches every procedure past its gate as some role', () => {
  const unreached = Object.keys(procedures).filter((path) => (reachingRoles.get(path) ?? []).length === 0);
  expect(unreached).toEqual([]);
});

describe.each([
  ['REST', restTargets],
  ['tRPC', trpcTargets],
])('hostile input over %s', (_transport, targets) => {
  it.each(targets.map((target) => [target.name, target] as const))('%s', async (_name, target) => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(target), async (request) => {
        await sendAndCheck(request);
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  });
});

describe('hostile input in tRPC batches', () => {
  const batchOf = (type: 'query' | 'mutation') =>
    fc
      .uniqueArray(fc.constantFrom(...trpcTargets.filter((target) => target.type === type)), { minLength: 2, maxLength: 3 })
      .chain((members) => fc.tuple(fc.constant(members), fc.tuple(...members.map((member) => inputArbitrary(member.fields)))));

  it.each(['query', 'mutation'] as const)('answers a batch of %s calls item by item', async (type) => {
    await fc.assert(
      fc.asyncProperty(batchOf(type), fc.constantFrom<RoleName>('member', 'admin'), async ([members, inputs], role) => {
        const paths = members.map((member) => member.procedure).join(',');
        const text = JSON.stringify(Object.fromEntries(inputs.map((input, index) => [index, input])));
        const request: InjectOptions =
          type === 'query'
            ? { method: 'GET', url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(text)}`, headers: { cookie: cookies[role] } }
            : {
                method: 'POST',
                url: `/trpc/${paths}?batch=1`,
                headers: { cookie: cookies[role], 'content-type': 'application/json' },
                payload: text,
              };
        await sendAndCheck(request, true);
      }),
      { numRuns: RUNS_PER_ROUTE * 3 },
    );
  });
});

describe('counterexamples the properties found, kept', () => {
  const json = (method: 'POST' | 'PUT', url: string, role: RoleName, payload: string): InjectOptions => ({
    method,
    url,
    headers: { cookie: cookies[role], 'content-type': 'application/json' },
    payload,
  });

  // The properties above may have switched an account to Filipino (POST /api/profile/language): these cases
  // read the English catalogue.
  beforeAll(async () => {
    for (const role of ['member', 'admin'] as const) {
      expect((await t.app.inject(json('POST', '/api/profile/language', role, '{"language":"en"}'))).statusCode).toBe(200);
    }
    // That switch changed the users table: the snapshot kept from the properties' last refusal is stale.
    lastSnapshot = null;
  });

  const CASES: Array<[string, () => InjectOptions, string]> = [
    // A lone surrogate reached the admin log's jsonb, which PostgreSQL refuses: 500.
    [
      'a lone surrogate in a logged field',
      () => json('POST', '/api/admin/maintenance', 'admin', '{"websiteStatus":"on","reason":"\\ud800"}'),
      messages.common.invalidCharacter,
    ],
    [
      'a lone surrogate in a key',
      () => json('POST', '/trpc/support.send', 'member', '{"message":"hi","\\udc00":1}'),
      messages.common.invalidCharacter,
    ],
    // Fastify answered these paths with its own body, echoing the path.
    ['a path that is not percent-encoding', () => json('PUT', '/api/admin/tasks/%ZZ', 'admin', '{}'), messages.common.badAddress],
    [
      "a path parameter over the router's limit",
      () => json('PUT', `/api/admin/tasks/${'a'.repeat(5001)}`, 'admin', '{}'),
      messages.common.badAddress,
    ],
    // The multipart parser's errors were 500s.
    [
      'an upload without a boundary',
      () => ({
        ...json('POST', UPLOAD_PHOTO_PATH, 'member', '--x\r\n'),
        headers: { cookie: cookies.member, 'content-type': 'multipart/form-data' },
      }),
      messages.common.badRequest,
    ],
    // zod's own wording for a void input given a value (REST leaves the body of such a call unread).
    ['a value for a call that takes none', () => json('POST', '/trpc/admin.lock', 'admin', '{"now":true}'), messages.common.badRequest],
  ];

  it.each(CASES)('%s: refused in catalogue words, database unchanged', async (_name, request, message) => {
    const response = await sendAndCheck(request());
    expect(response.statusCode).toBe(400);
    expect(refusalOf(response.json()).message).toBe(message);
  });
});

describe('hostile multipart to the photo upload', () => {
  it('refuses anything but one image in the profilePhoto field, malformed bodies included', async () => {
    const part = fc.record({
      field: fc.constantFrom('profilePhoto', 'avatar', '', 'profilePhoto\u0000', '__proto__'),
      filename: fc.oneof(fc.constantFrom('a.png', '../../etc/passwd', 'x.svg', '', 'a\u202Egnp.exe'), unicodeEdge),
      type: fc.constantFrom('image/png', 'text/html', 'image/svg+xml', 'application/octet-stream', ''),
      content: fc.oneof(
        fc.uint8Array({ maxLength: 64 }),
        fc.constantFrom(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), new Uint8Array([0xff, 0xd8]), new TextEncoder().encode('GIF8')),
      ),
    });
    // The boundary the header announces and the one the body uses need not agree, and the body may be cut short.
    const contentType = fc.constantFrom(
      'multipart/form-data; boundary=----hostile',
      'multipart/form-data; boundary="----hostile"',
      'multipart/form-data; boundary=x',
      'multipart/form-data; boundary=',
      'multipart/form-data',
      'multipart/mixed; boundary=----hostile',
    );
    const bodyBoundary = fc.constantFrom('----hostile', 'x', '');
    const cutAt = fc.option(fc.nat({ max: 300 }), { freq: 3 });
    await fc.assert(
      fc.asyncProperty(
        part,
        contentType,
        bodyBoundary,
        cutAt,
        fc.constantFrom<RoleName>('member', 'anonymous'),
        async (photo, type, mark, cut, role) => {
          const body = Buffer.concat([
            Buffer.from(
              `--${mark}\r\nContent-Disposition: form-data; name="${photo.field}"; filename="${photo.filename}"\r\nContent-Type: ${photo.type}\r\n\r\n`,
            ),
            photo.content,
            Buffer.from(`\r\n--${mark}--\r\n`),
          ]);
          await sendAndCheck({
            method: 'POST',
            url: UPLOAD_PHOTO_PATH,
            headers: { ...(cookies[role] ? { cookie: cookies[role] } : {}), 'content-type': type },
            payload: cut === null ? body : body.subarray(0, cut),
          });
        },
      ),
      { numRuns: RUNS_PER_ROUTE * 3 },
    );
  });
});
