import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInOperator, signInRoles, signInUnlockedAdmin, testAppOfFile } from './helpers';

/**
 * The contract of every /api path (shared/contract/endpoints.json). The repository keeps a copy so the
 * tests run on any clone; where the shared original is beside the repository, the copy must equal it.
 */
const sharedPath = fileURLToPath(new URL('../../../../shared/contract/endpoints.json', import.meta.url));
const copyPath = fileURLToPath(new URL('../../../packages/contracts/endpoints.json', import.meta.url));
/** Paths the issues added beyond the shared contract, held apart so the copy stays identical to it. */
const addedPath = fileURLToPath(new URL('../../../packages/contracts/endpoints.added.json', import.meta.url));

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: string;
  returns: string;
}
const shared: Endpoint[] = JSON.parse(readFileSync(copyPath, 'utf8')).endpoints;
const added: Endpoint[] = JSON.parse(readFileSync(addedPath, 'utf8')).endpoints;
const endpoints = [...shared, ...added];

/**
 * Paths whose capability a later issue builds, by issue number. Each must still be missing (so this
 * list only shrinks); every other path must exist and answer its role.
 */
const PLANNED: Record<string, number> = {};

const BROWSER_ROUTES = ['/api/login', '/api/callback', '/api/logout', '/api/openapi.json'];
const key = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
/** Calls that end or lock the session they are made with: each gets a throwaway session, so the shared ones live on. */
const ENDS_SESSION = new Set(['GET /api/logout', 'POST /api/admin/lock', 'POST /api/admin/percentage/logout']);
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const concrete = (path: string) => path.replace(/\{\w+\}/g, 'contract-test-id');
const built = endpoints.filter((endpoint) => !(key(endpoint) in PLANNED));
const planned = endpoints.filter((endpoint) => key(endpoint) in PLANNED);

const t = testAppOfFile();
let member: string;
let lockedAdmin: string;
let unlockedAdmin: string;
let operator: string;

beforeAll(async () => {
  ({ member, lockedAdmin, unlockedAdmin } = await signInRoles(t, 'contract'));
  operator = await signInOperator(t.app);
});

let throwaways = 0;
const throwawayAdmin = () => signInUnlockedAdmin(t, `contract-throwaway${++throwaways}@example.com`);

const call = (endpoint: Endpoint, cookie?: string) =>
  t.app.inject({
    method: endpoint.method,
    url: concrete(endpoint.path),
    headers: cookie ? { cookie } : {},
    ...(endpoint.method === 'POST' || endpoint.method === 'PUT' ? { payload: {} } : {}),
  });

describe('the contract file', () => {
  // Defined only where the shared folder sits beside the repository (CI, developers), not on a bare clone.
  if (existsSync(sharedPath))
    it('is the same as the shared contract', () => {
      expect(JSON.parse(readFileSync(copyPath, 'utf8'))).toEqual(JSON.parse(readFileSync(sharedPath, 'utf8')));
    });

  it('adds only paths the shared contract does not already have', () => {
    const sharedKeys = new Set(shared.map(key));
    expect(added.filter((endpoint) => sharedKeys.has(key(endpoint))).map(key)).toEqual([]);
    expect(new Set(added.map(key)).size).toBe(added.length);
  });

  it('names only planned paths that do not exist yet', () => {
    for (const endpoint of planned) {
      const exists = t.app.hasRoute({ method: endpoint.method, url: fastifyPath(endpoint.path) });
      expect.soft(exists, `${key(endpoint)} exists: remove it from PLANNED`).toBe(false);
    }
  });
});

describe.each(built)('$method $path ($auth)', (endpoint) => {
  it('exists and never answers 5xx', async () => {
    expect(t.app.hasRoute({ method: endpoint.method, url: fastifyPath(endpoint.path) })).toBe(true);
    const response = await call(endpoint, ENDS_SESSION.has(key(endpoint)) ? await throwawayAdmin() : unlockedAdmin);
    expect(response.statusCode).toBeLessThan(500);
  });

  // Browser navigations and the document itself are plain routes; every other path is a procedure.
  if (!BROWSER_ROUTES.includes(endpoint.path)) {
    it('is in the OpenAPI document', async () => {
      const doc = (await t.app.inject('/api/openapi.json')).json();
      const documented = doc.paths[endpoint.path.replace(/^\/api/, '')];
      expect(documented?.[endpoint.method.toLowerCase()], key(endpoint)).toBeDefined();
    });
  }

  const auth = endpoint.auth;
  if (auth === 'public') {
    it('answers without a session', async () => {
      const response = await call(endpoint);
      // A public check such as the operator's session probe answers 401 as its documented result.
      const refusals = endpoint.returns.includes('401') ? [403] : [401, 403];
      expect(refusals).not.toContain(response.statusCode);
    });
  }
  if (auth === 'member') {
    it('needs a session', async () => {
      expect((await call(endpoint)).statusCode).toBe(401);
      expect([401, 403]).not.toContain((await call(endpoint, member)).statusCode);
    });
  }
  if (auth.startsWith('admin')) {
    it('is refused to the signed out (401) and to members (403)', async () => {
      expect((await call(endpoint)).statusCode).toBe(401);
      const asMember = await call(endpoint, member);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json().message).toBe('Admin access required');
    });
  }
  if (auth === 'admin') {
    it('is refused to a locked admin (403) and answers an unlocked one', async () => {
      const locked = await call(endpoint, lockedAdmin);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().message).toBe('Admin panel is locked');
      expect([401, 403]).not.toContain((await call(endpoint, unlockedAdmin)).statusCode);
    });
  }
  if (auth === 'operator' || auth === 'operator or admin') {
    it('is refused without the operator session (401) and answers the operator', async () => {
      expect((await call(endpoint)).statusCode).toBe(401);
      expect((await call(endpoint, member)).statusCode).toBe(401);
      const session = ENDS_SESSION.has(key(endpoint)) ? await signInOperator(t.app) : operator;
      expect([401, 403]).not.toContain((await call(endpoint, session)).statusCode);
    });
  }
});
