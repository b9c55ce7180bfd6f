import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AppMeta, appRouter } from '@app/api';
import { messages } from '@app/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInRoles, testAppOfFile } from './helpers';

/**
 * The authorization walk (docs/architecture.md#identity-and-access): every admin procedure is called as the signed out, a
 * member, a locked admin and an unlocked admin, over tRPC and over its REST path. Admin procedures are
 * those under `admin` and those the contract documents as admin-only wherever they live. One added on
 * a weaker builder than adminProcedure fails here; so does an /api/admin path that the walk would miss.
 */

type Procedure = { _def: { type: 'query' | 'mutation' | 'subscription'; meta?: AppMeta } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>);

interface Endpoint {
  method: string;
  path: string;
  auth: string;
}
/** The shared contract and the paths the issues added (the operator's passkeys among them). */
const endpoints: Endpoint[] = ['endpoints.json', 'endpoints.added.json'].flatMap(
  (file) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../packages/contracts/${file}`, import.meta.url)), 'utf8')).endpoints,
);

const restPath = (procedure: Procedure) => procedure._def.meta?.openapi && `/api${procedure._def.meta.openapi.path}`;
const documentedAuth = (procedure: Procedure) =>
  endpoints.find((entry) => entry.method === procedure._def.meta?.openapi?.method && entry.path === restPath(procedure))?.auth;

/** The step-up itself: an admin session is enough, locked or not. */
const STEP_UP = ['admin.unlock', 'admin.lock'];
const guarded = procedures.filter(
  ([path, procedure]) => (path.startsWith('admin.') && !STEP_UP.includes(path)) || documentedAuth(procedure) === 'admin',
);

const t = testAppOfFile();
let member: string;
let lockedAdmin: string;
let unlockedAdmin: string;

beforeAll(async () => {
  ({ member, lockedAdmin, unlockedAdmin } = await signInRoles(t, 'walk'));
});

/** One call with an empty input: authorization is decided before the input is read, so it answers first. */
async function viaTrpc(path: string, procedure: Procedure, cookie: string | undefined) {
  const headers = cookie ? { cookie } : {};
  const response =
    procedure._def.type === 'query'
      ? await t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers })
      : await t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: {} });
  return { status: response.statusCode, message: response.json().error?.message as string | undefined };
}

async function viaRest(procedure: Procedure, cookie: string | undefined) {
  const openapi = procedure._def.meta?.openapi;
  if (!openapi) return null;
  const response = await t.app.inject({
    method: openapi.method,
    url: `/api${openapi.path.replace(/\{\w+\}/g, 'walk-id')}`,
    headers: cookie ? { cookie } : {},
  });
  return { status: response.statusCode, message: response.json().message as string | undefined };
}

const refusals = [
  { who: 'the signed out', cookie: () => undefined, status: 401, message: messages.common.unauthorized },
  { who: 'a member', cookie: () => member, status: 403, message: messages.auth.adminRequired },
  { who: 'a locked admin', cookie: () => lockedAdmin, status: 403, message: messages.auth.adminLocked },
];

describe('the walk', () => {
  it('finds the admin procedures', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(32);
  });

  it('walks every /api/admin path but the public ones, the operator’s and the step-up', () => {
    const walked = new Set(guarded.map(([path]) => path));
    for (const [path, procedure] of procedures) {
      const auth = documentedAuth(procedure);
      if (!restPath(procedure)?.startsWith('/api/admin/') || STEP_UP.includes(path) || auth === 'public' || auth?.startsWith('operator'))
        continue;
      expect(walked.has(path), `${path} (${restPath(procedure)})`).toBe(true);
    }
  });
});

describe.each(guarded.map(([path, procedure]) => ({ path, procedure })))('$path', ({ path, procedure }) => {
  it.each(refusals)('is refused to $who', async ({ cookie, status, message }) => {
    expect(await viaTrpc(path, procedure, cookie())).toEqual({ status, message });
    const rest = await viaRest(procedure, cookie());
    if (rest) expect(rest).toEqual({ status, message });
  });

  it('answers an unlocked admin', async () => {
    const trpc = await viaTrpc(path, procedure, unlockedAdmin);
    expect([401, 403], JSON.stringify(trpc)).not.toContain(trpc.status);
    expect(trpc.status).toBeLessThan(500);
    const rest = await viaRest(procedure, unlockedAdmin);
    if (rest) {
      expect([401, 403], JSON.stringify(rest)).not.toContain(rest.status);
      expect(rest.status).toBeLessThan(500);
    }
  });
});

describe.each(STEP_UP)('%s', (path) => {
  const procedure = procedures.find(([name]) => name === path)?.[1] as Procedure;

  it.each(refusals.slice(0, 2))('is refused to $who', async ({ cookie, status, message }) => {
    expect(await viaTrpc(path, procedure, cookie())).toEqual({ status, message });
  });

  it('answers a locked admin', async () => {
    const answer = await viaTrpc(path, procedure, lockedAdmin);
    expect([401, 403]).not.toContain(answer.status);
    expect(answer.status).toBeLessThan(500);
  });
});
