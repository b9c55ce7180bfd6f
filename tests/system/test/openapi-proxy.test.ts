import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { nextCookieHeader } from '@app/testkit/cookies';
import { startProcess } from '@app/testkit/server';
import { softPasskey } from '@app/testkit/webauthn';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PANEL_PASSWORD,
  createDatabase,
  OPERATOR,
  type ServerProcess,
  startServer,
  temporaryDataDir,
  testDatabaseUrl,
} from '../support';

/**
 * The OpenAPI document against the real server (docs/api-conventions.md#the-openapi-document): every call
 * goes through Stoplight Prism's validating proxy, which compares the request and the server's answer with
 * the document and lists each disagreement in the `sl-violations` header. Every documented operation is
 * called with a valid request (no violation at all), and its refusals are called too: signed out (401),
 * and a body the server refuses (400), which the document must refuse as well (a request violation), with
 * the server's error body matching the document (no response violation).
 */
/** Prism's command-line script (`bin.prism` of @stoplight/prism-cli), run with this Node. */
const prismScript = fileURLToPath(import.meta.resolve('@stoplight/prism-cli/dist/index.js'));

interface Violation {
  location: string[];
  severity: string;
  message: string;
}

interface Answer {
  status: number;
  body: unknown;
  text: string;
  violations: Violation[];
  setCookies: string[];
}

type Role = 'anonymous' | 'member' | 'friend' | 'admin' | 'operator';

let server: ServerProcess;
let prism: ServerProcess;
let work: string;
const data = temporaryDataDir();
let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let doc: {
  paths: Record<
    string,
    Record<string, { security?: unknown[]; requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
  >;
};
const cookies: Record<Role, string> = { anonymous: '', member: '', friend: '', admin: '', operator: '' };
/** "METHOD /documented/{path}" of each operation a valid request reached, with its answer's status. */
const covered = new Map<string, number>();

async function send(role: Role, method: string, url: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (cookies[role]) headers.cookie = cookies[role];
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${prism.baseUrl}${url}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const header = response.headers.get('sl-violations');
  // Prism joins the server's Set-Cookie headers into one with commas; a cookie's own Expires has a comma too.
  const setCookies = response.headers.getSetCookie().flatMap((header) => header.split(/,(?=\s*[\w-]+=)/));
  if (setCookies.length) cookies[role] = nextCookieHeader(setCookies, cookies[role]);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a statement (text/csv)
  }
  return { status: response.status, body: parsed, text, violations: header ? JSON.parse(header) : [], setCookies };
}

/** Calls a documented operation with a valid request: the expected status and not one violation. */
async function valid(
  operation: string,
  role: Role,
  options: { params?: Record<string, string>; query?: string; body?: unknown; status?: number } = {},
): Promise<Answer> {
  const [method = '', template = ''] = operation.split(' ');
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.params?.[name] ?? ''));
  const answer = await send(role, method, `${url}${options.query ? `?${options.query}` : ''}`, options.body);
  expect.soft(answer.violations, `${operation} as ${role}: ${answer.text.slice(0, 300)}`).toEqual([]);
  expect(answer.status, `${operation} as ${role}: ${answer.text.slice(0, 300)}`).toBe(options.status ?? 200);
  covered.set(operation, answer.status);
  return answer;
}

const json = <T>(answer: Answer) => answer.body as T;

beforeAll(async () => {
  // On PostgreSQL when the run has one (CI), else on the embedded database.
  database = testDatabaseUrl ? await createDatabase() : undefined;
  server = await startServer({ DATA_DIR: data.dir, ...(database ? { DATABASE_URL: database.url } : {}) });
  work = mkdtempSync(path.join(tmpdir(), 'openapi-proxy-'));
  doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
  const docFile = path.join(work, 'openapi.json');
  writeFileSync(docFile, JSON.stringify(doc));
  // No --errors: Prism then forwards every request, refusals included, and reports what it found in the
  // header, so a refusal can be checked on both sides (the document refuses it, the answer matches).
  prism = await startProcess(
    'sh',
    ['-c', `exec "${process.execPath}" "${prismScript}" proxy "${docFile}" "${server.baseUrl}/api" -h 127.0.0.1 -p "$PORT"`],
    {},
    { readyPath: '/public/payout-stats', readyWithinMs: 45_000 },
  );
}, 90_000);

afterAll(async () => {
  await prism?.stop();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
  data.remove();
  await database?.drop();
});

describe('every documented operation through the validating proxy', () => {
  const state: Record<string, string> = {};

  it('signs in each role', async () => {
    await valid('GET /public/payout-stats', 'anonymous');
    await valid('GET /maintenance-status', 'anonymous');
    await valid('GET /admin/percentage/auth', 'operator', { status: 401 });
    await valid('POST /dev/login', 'member', { body: { email: 'proxy-member@example.com', firstName: 'Maria' } });
    await valid('POST /dev/login', 'friend', { body: { email: 'proxy-friend@example.com' } });
    await valid('POST /dev/login', 'admin', { body: { email: ADMIN_EMAIL } });
    await valid('POST /admin/unlock', 'admin', { body: { password: ADMIN_PANEL_PASSWORD } });
    await valid('POST /admin/percentage/login', 'operator', { body: OPERATOR });
    await valid('GET /admin/percentage/auth', 'operator');
    const member = json<{ id: string; referralCode: string; availableBalance: string }>(await valid('GET /auth/user', 'member'));
    state.memberId = member.id;
    state.referralCode = member.referralCode;
    state.friendId = json<{ id: string }>(await valid('GET /auth/user', 'friend')).id;
    await valid('POST /auth/device', 'member', { body: { traits: 'a'.repeat(64) } });
    // English, as the rest of this file reads the server's texts.
    await valid('POST /profile/language', 'member', { body: { language: 'en' } });
  });

  it('tasks: the admin makes one, a member views it', async () => {
    const created = json<{ id: string }>(
      await valid('POST /admin/tasks', 'admin', { body: { title: 'Proxy task', url: 'https://example.com/task', reward: '1.00' } }),
    );
    state.taskId = created.id;
    await valid('PUT /admin/tasks/{id}', 'admin', { params: { id: created.id }, body: { title: 'Proxy task, renamed' } });
    await valid('GET /admin/tasks', 'admin');
    await valid('GET /tasks', 'member');
    await valid('GET /tasks/{id}', 'member', { params: { id: created.id } });
    await valid('POST /tasks/{id}/start', 'member', { params: { id: created.id } });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await valid('GET /tasks/{id}/redirect-complete', 'member', { params: { id: created.id } });
    await valid('GET /transactions', 'member');
    await valid('GET /transactions', 'member', { query: 'limit=5' });
    await valid('GET /transactions', 'member', { query: 'page=1&pageSize=10' });
    const statement = await valid('GET /transactions/statement.csv', 'member');
    expect(statement.text.split('\n')[0]).toContain(',');
  });

  it('payouts: funded by the admin, requested, approved with a transfer reference, a second decision refused', async () => {
    const user = json<{ availableBalance: string }>(await valid('GET /auth/user', 'member'));
    await valid('PUT /admin/users/{userId}/balance', 'admin', {
      params: { userId: state.memberId ?? '' },
      body: { newBalance: '1000.00', expectedBalance: user.availableBalance, reason: 'Opening balance' },
    });
    const payout = json<{ id: string }>(
      await valid('POST /payouts', 'member', {
        body: { paymentMethod: 'G-CASH', amount: '150.00', destination: { mobile: '09171234567', accountName: 'Maria Santos' } },
      }),
    );
    await valid('GET /payouts', 'member');
    await valid('GET /payouts/queue', 'member');
    await valid('GET /admin/pending-payouts', 'admin');
    const approved = await valid('POST /admin/payout/{id}/status', 'admin', {
      params: { id: payout.id },
      body: { status: 'approved', transferReference: '1234567890123' },
    });
    expect(json<{ transferReference: string | null }>(approved).transferReference).toBe('1234567890123');
    const again = await valid('PUT /admin/payout/{id}/status', 'admin', {
      params: { id: payout.id },
      body: { status: 'approved' },
      status: 409,
    });
    expect(json<{ code: string; decided: string }>(again)).toMatchObject({ code: 'CONFLICT', decided: 'approved' });

    // A batch, the console's counts, and the approved payouts exported and marked sent.
    const second = json<{ id: string }>(
      await valid('POST /payouts', 'member', {
        body: { paymentMethod: 'G-CASH', amount: '150.00', destination: { mobile: '09171234567', accountName: 'Maria Santos' } },
      }),
    );
    const batch = await valid('POST /admin/payouts/batch', 'admin', {
      body: {
        status: 'approved',
        payouts: [
          { id: second.id, amount: '150.00' },
          { id: payout.id, amount: '150.00' },
        ],
      },
    });
    expect(json<{ refused: { code: string }[] }>(batch).refused.map((refused) => refused.code)).toEqual(['already_decided']);
    await valid('GET /admin/queue-counts', 'admin');
    const unsent = json<{ asOf: string; methods: { method: string; payoutIds: string[] }[] }>(
      await valid('GET /admin/payouts/unsent', 'admin'),
    );
    const file = await valid('GET /admin/payouts/unsent.csv', 'admin', { query: `method=G-CASH&asOf=${encodeURIComponent(unsent.asOf)}` });
    expect(file.text.split('\r\n')[0]).toBe('Number,Name,Amount,Payout ID');
    const ids = unsent.methods.find((method) => method.method === 'G-CASH')?.payoutIds ?? [];
    await valid('POST /admin/payouts/sent', 'admin', { body: { ids } });
  });

  it('VIP: paid by G-CASH, refused once, approved the second time', async () => {
    await valid('PUT /admin/system-settings', 'admin', { body: { gcashNumber: '09171234567', gcashName: 'Juan Dela Cruz' } });
    await valid('GET /admin/system-settings', 'admin');
    await valid('GET /vip/status', 'member');
    await valid('GET /vip/payment-details', 'member');
    const plans = json<Array<{ id: string }>>(await valid('GET /vip/plans', 'member'));
    const plan = plans.at(-1)?.id ?? '';
    await valid('POST /vip/upgrade', 'member', { body: { vipTier: plan, paymentInfo: { transactionProof: '1234567890123' } } });
    const pending = json<Array<{ id: string }>>(await valid('GET /admin/pending-vip', 'admin'));
    await valid('POST /admin/reject-vip/{id}', 'admin', { params: { id: pending[0]?.id ?? '' }, body: { reason: 'Proof not found' } });
    await valid('POST /vip/upgrade', 'member', { body: { vipTier: plan, paymentInfo: { transactionProof: '1234567890124' } } });
    const second = json<Array<{ id: string }>>(await valid('GET /admin/pending-vip', 'admin'));
    await valid('POST /admin/approve-vip/{id}', 'admin', { params: { id: second[0]?.id ?? '' } });
    await valid('POST /admin/users/{id}/vip-approval', 'admin', { params: { id: state.memberId ?? '' }, status: 409 });
    await valid('POST /vip/upgrade-with-earnings', 'friend', { body: { vipTier: plan }, status: 400 });
    await valid('GET /admin/quick-plan-settings', 'admin');
    await valid('POST /admin/quick-update-plan/{planId}', 'admin', { params: { planId: plan }, body: { isActive: true } });
  });

  it('referrals', async () => {
    await valid('GET /referrals/code', 'member');
    await valid('GET /users/by-referral-code/{code}', 'anonymous', { params: { code: state.referralCode ?? '' } });
    await valid('POST /referrals/use-code', 'friend', { body: { referralCode: state.referralCode } });
    await valid('GET /referrals', 'member');
    await valid('GET /referrals', 'member', { query: 'page=1' });
    await valid('GET /referrals/referred-users', 'member');
    await valid('GET /admin/risk/held-referrals', 'admin');
    await valid('POST /admin/referrals/{id}/review', 'admin', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { decision: 'pay' },
      status: 404,
    });
  });

  it('support, notifications and popups', async () => {
    await valid('POST /support/messages', 'member', { body: { message: 'Where is my payout?' } });
    await valid('GET /support/messages', 'member');
    await valid('GET /admin/support/conversations', 'admin');
    await valid('GET /admin/support/conversations/{userId}', 'admin', { params: { userId: state.memberId ?? '' } });
    await valid('POST /admin/support/conversations/{userId}/reply', 'admin', {
      params: { userId: state.memberId ?? '' },
      body: { message: 'It was approved today.' },
    });
    await valid('GET /support/messages', 'member', { query: 'limit=10' });
    await valid('POST /support/messages/read', 'member');

    await valid('POST /notifications', 'admin', { body: { title: 'Hello', message: 'Welcome to everyone' } });
    await valid('POST /admin/notifications', 'admin', {
      body: { title: 'For you', message: 'Just for Maria', isGlobal: false, userId: state.memberId },
    });
    const notifications = json<{ items: Array<{ id: string }> }>(await valid('GET /notifications', 'member')).items;
    await valid('POST /notifications/{id}/read', 'member', { params: { id: notifications[0]?.id ?? '' } });
    await valid('GET /notifications/all', 'admin');
    await valid('DELETE /notifications/{id}', 'admin', { params: { id: notifications[0]?.id ?? '' } });

    await valid('GET /push/public-key', 'member');
    const endpoint = 'https://fcm.googleapis.com/fcm/send/openapi-proxy-test';
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    await valid('POST /push/subscriptions', 'member', { body: { endpoint, keys } });
    await valid('POST /push/subscriptions', 'member', { body: { endpoint: 'https://127.0.0.1:6379/', keys }, status: 400 });
    await valid('POST /push/subscriptions/remove', 'member', { body: { endpoint } });

    const popup = json<{ id: string }>(
      await valid('POST /admin/popups', 'admin', { body: { title: 'Promo', content: 'Double rewards today' } }),
    );
    await valid('PUT /admin/popups/{id}', 'admin', { params: { id: popup.id }, body: { title: 'Promo!' } });
    await valid('GET /admin/popups', 'admin');
    await valid('GET /popups/active', 'member');
    await valid('DELETE /admin/popups/{id}', 'admin', { params: { id: popup.id } });
  });

  it('the admin panel', async () => {
    await valid('GET /admin/stats', 'admin');
    await valid('GET /admin/logs', 'admin');
    await valid('GET /admin/transactions', 'admin');
    await valid('GET /admin/users', 'admin', { query: 'search=proxy' });
    await valid('POST /admin/users/{id}/status', 'admin', { params: { id: state.friendId ?? '' }, body: { status: 'active' } });
    await valid('GET /admin/risk/users', 'admin');
    await valid('GET /admin/users/{id}/risk', 'admin', { params: { id: state.memberId ?? '' } });
    await valid('POST /admin/users/{id}/payout-hold', 'admin', {
      params: { id: state.friendId ?? '' },
      body: { hold: true, reason: 'Checking' },
    });
    await valid('POST /admin/users/{id}/payout-hold', 'admin', {
      params: { id: state.friendId ?? '' },
      body: { hold: false, reason: 'Checked' },
    });
    await valid('POST /admin/maintenance', 'admin', { body: { maintenance: false } });
  });

  it('passkeys: each registered, asked for before a money decision, stepped up with, removed', async () => {
    // The server is its own relying party (no PUBLIC_URL): the origin of the address Prism forwards to.
    const origin = new URL(server.baseUrl).origin;
    for (const [role, base] of [
      ['admin', '/admin/passkeys'],
      ['operator', '/admin/percentage/passkeys'],
    ] as const) {
      const passkey = softPasskey(origin);
      const options = json<{ challenge: string }>(await valid(`POST ${base}/registration-options`, role));
      const saved = json<{ id: string }>(
        await valid(`POST ${base}`, role, { body: { name: 'Proxy key', response: passkey.register(options) } }),
      );
      await valid(`GET ${base}`, role);
      const stepUpOptions = json<{ challenge: string }>(await valid(`POST ${base}/step-up-options`, role));
      // Before the step-up, a money decision answers 401 with the code the panel turns into the passkey prompt.
      const refused = await valid(`DELETE ${base}/{id}`, role, { params: { id: saved.id }, status: 401 });
      expect(json<{ code: string }>(refused).code).toBe('STEP_UP_REQUIRED');
      await valid(`POST ${base}/step-up`, role, { body: { response: passkey.authenticate(stepUpOptions) } });
      await valid(`DELETE ${base}/{id}`, role, { params: { id: saved.id } });
    }
  });

  it('the commission operator', async () => {
    const stats = json<{ totalBalance: string; upgradeEarnings: string }>(await valid('GET /admin/percentage/stats', 'operator'));
    await valid('GET /admin/percentage/stats', 'admin');
    await valid('POST /admin/percentage/update-stats', 'admin', {
      body: {
        totalBalance: '500.00',
        upgradeEarnings: stats.upgradeEarnings,
        expectedTotalBalance: stats.totalBalance,
        expectedUpgradeEarnings: stats.upgradeEarnings,
        reason: 'Opening commission',
      },
    });
    await valid('POST /admin/percentage/request-payout', 'operator', {
      body: { amount: '100.00', paymentMethod: 'G-CASH', accountDetails: '09171234567 Juan Dela Cruz' },
    });
    const payouts = json<Array<{ id: string }>>(await valid('GET /admin/percentage/payouts', 'operator'));
    await valid('POST /admin/percentage/payouts/{payoutId}/status', 'admin', {
      params: { payoutId: payouts[0]?.id ?? '' },
      body: { status: 'rejected', reason: 'Wrong number' },
    });
    await valid('GET /admin/percentage/statement.csv', 'operator');
    await valid('POST /admin/percentage/logout', 'operator');
  });

  it('the photo upload', async () => {
    const form = new FormData();
    // A 1x1 GIF of bytes below 0x80 only: Prism passes a multipart body on as text, which would change any other byte.
    const gif = Uint8Array.from([
      0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b,
    ]);
    form.append('profilePhoto', new Blob([gif], { type: 'image/gif' }), 'me.gif');
    const response = await fetch(`${prism.baseUrl}/profile/upload-photo`, {
      method: 'POST',
      headers: { cookie: cookies.member },
      body: form,
    });
    const text = await response.text();
    expect.soft(response.headers.get('sl-violations'), text).toBeNull();
    expect(response.status, text).toBe(200);
    covered.set('POST /profile/upload-photo', response.status);
  });

  it('the admin locks the panel last', async () => {
    await valid('POST /admin/lock', 'admin');
  });

  it('covered every documented operation', () => {
    const documented = Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${template}`),
    );
    expect(documented.filter((operation) => !covered.has(operation))).toEqual([]);
  });
});

describe('documented refusals through the validating proxy', () => {
  const responseViolations = (answer: Answer) => answer.violations.filter((violation) => violation.location[0] === 'response');

  beforeAll(async () => {
    await send('member', 'POST', '/dev/login', { email: 'proxy-refusals@example.com' });
    await send('admin', 'POST', '/dev/login', { email: ADMIN_EMAIL });
    await send('admin', 'POST', '/admin/unlock', { password: ADMIN_PANEL_PASSWORD });
    await send('operator', 'POST', '/admin/percentage/login', OPERATOR);
  });

  it('answers every signed-in operation 401 signed out, as documented', async () => {
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!operation.security?.length) continue;
        const url = template.replace(/\{\w+\}/g, 'unknown-id');
        const answer = await send('anonymous', method.toUpperCase(), url, method === 'get' || method === 'delete' ? undefined : {});
        const name = `${method.toUpperCase()} ${template}`;
        expect.soft(answer.status, `${name}: ${answer.text}`).toBe(401);
        expect.soft(responseViolations(answer), name).toEqual([]);
        // The document says so too: Prism found no session cookie for it.
        expect
          .soft(
            answer.violations.map((violation) => violation.location[0]),
            name,
          )
          .toContain('request');
      }
    }
  });

  it('refuses what the server refuses by its own rules (400), as the document does', async () => {
    const destination = { mobile: '09171234567', accountName: 'Maria Santos' };
    const cases: Array<[Role, string, string, unknown]> = [
      ['member', 'POST', '/payouts', { paymentMethod: 'CASH', amount: '150.00', destination }],
      ['member', 'POST', '/payouts', { paymentMethod: 'G-CASH', amount: '150.555', destination }],
      ['member', 'POST', '/payouts', { paymentMethod: 'G-CASH', amount: 100, destination }],
      ['member', 'POST', '/vip/upgrade', { vipTier: 'VIP1', paymentInfo: { transactionProof: '123456789012' } }],
      ['admin', 'PUT', '/admin/system-settings', { gcashNumber: '0817 123 4567' }],
      ['admin', 'POST', '/admin/tasks', { title: 'Bad link', url: 'javascript:alert(1)', reward: '1.00' }],
      ['admin', 'POST', '/admin/popups', { title: 'Promo', content: 'Double rewards', url: 'ftp://example.com' }],
      ['admin', 'POST', '/admin/popups', { title: 'Promo', content: 'Double rewards', duration: 1 }],
      ['operator', 'POST', '/admin/percentage/request-payout', { amount: '1.00', paymentMethod: 'Cash', accountDetails: 'x' }],
    ];
    for (const [role, method, url, body] of cases) {
      const name = `${method} ${url} ${JSON.stringify(body)}`;
      const answer = await send(role, method, url, body);
      expect.soft(answer.status, `${name}: ${answer.text}`).toBe(400);
      expect.soft(responseViolations(answer), name).toEqual([]);
      expect.soft(answer.violations.filter((violation) => violation.location[0] === 'request').length, name).toBeGreaterThan(0);
    }
  });

  it('refuses a body without its required fields (400), as the document does', async () => {
    const roleOf = (template: string): Role =>
      template.startsWith('/admin/percentage/request-payout') ||
      template.startsWith('/admin/percentage/passkeys') ||
      template === '/admin/percentage/logout'
        ? 'operator'
        : template.startsWith('/admin') || template === '/notifications' || template.startsWith('/notifications/{')
          ? 'admin'
          : 'member';
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const required = operation.requestBody?.content['application/json']?.schema.required ?? [];
        if (required.length === 0 || template === '/dev/login' || template === '/admin/percentage/login') continue;
        const name = `${method.toUpperCase()} ${template}`;
        const role = template === '/admin/unlock' ? 'admin' : roleOf(template);
        const answer = await send(role, method.toUpperCase(), template.replace(/\{\w+\}/g, 'unknown-id'), {});
        expect.soft(answer.status, `${name} as ${role}: ${answer.text}`).toBe(400);
        expect.soft(responseViolations(answer), name).toEqual([]);
        expect.soft(answer.violations.filter((violation) => violation.location[0] === 'request').length, name).toBeGreaterThan(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('a client generated from the document', () => {
  const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
  const tsc = fileURLToPath(import.meta.resolve('typescript/bin/tsc'));

  it('compiles (openapi-typescript, openapi-fetch, tsc) and reads the server through the proxy', async () => {
    writeFileSync(path.join(clientDir, 'api.d.ts'), astToString(await openapiTS(doc as unknown as OpenAPI3)));
    await promisify(execFile)(process.execPath, [tsc, '-p', path.join(clientDir, 'tsconfig.json')]).catch((failed: { stdout: string }) => {
      throw new Error(`the generated client does not compile:\n${failed.stdout}`);
    });
    // Loaded by a path the typecheck does not follow: ./api.d.ts exists only once this test wrote it.
    const usagePath = path.join(clientDir, 'usage.ts');
    const usage: {
      pesoTasksClient(baseUrl: string, cookie: string): unknown;
      ownEmail(client: unknown): Promise<string>;
      refusedPayout(client: unknown, amount: string): Promise<{ status: number; insufficient: boolean; code: string }>;
    } = await import(/* @vite-ignore */ usagePath);
    await send('friend', 'POST', '/dev/login', { email: 'proxy-client@example.com' });
    const client = usage.pesoTasksClient(prism.baseUrl, cookies.friend);
    expect(await usage.ownEmail(client)).toBe('proxy-client@example.com');
    expect(await usage.refusedPayout(client, '500.00')).toMatchObject({ status: 400, insufficient: true, code: 'INSUFFICIENT_BALANCE' });
  });
});
