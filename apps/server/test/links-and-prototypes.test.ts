import { isCatalogueText, messages, staffMessages } from '@app/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures } from './admin-fixtures';
import { takeSnapshot } from './db-snapshot';
import { startTestApp, type TestApp } from './helpers';

/**
 * Links that are not http(s) through the admin calls that save task and popup links, and bodies that
 * try to pollute Object.prototype through REST, tRPC and nested fields.
 */

let t: TestApp;
let fixtures: Awaited<ReturnType<typeof adminFixtures>>;
let member: { cookie: string; id: string };
let taskId: string;
let popupId: string;

beforeAll(async () => {
  t = await startTestApp();
  fixtures = await adminFixtures(t, 'links');
  member = await fixtures.member({ balance: 100_000 });
  const task = await fixtures.admin('POST', '/api/admin/tasks', { title: 'Visit', url: 'https://example.com/a', reward: '1.00' });
  taskId = task.json().id;
  const popup = await fixtures.admin('POST', '/api/admin/popups', {
    title: 'Hello',
    content: '<p>Hello there</p>',
    url: 'https://example.com/p',
  });
  popupId = popup.json().id;
});
afterAll(async () => {
  await t.close();
});

/** Sends a call that must be refused: its status, its exact body, and the database as it was. */
async function expectRefused(request: InjectOptions, status: number, body: { message: string; code: string }) {
  const before = await takeSnapshot(t.database.db);
  const response = await t.app.inject(request);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual(body);
  expect(await takeSnapshot(t.database.db)).toEqual(before);
}

describe('task and popup links are http(s) only', () => {
  const NOT_HTTP = [
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    '\tjavascript:alert(1)',
    '\u0001https://example.com',
    '\u001fjavascript:alert(1)',
    '\u007fhttps://example.com',
    '\u200bhttps://example.com',
    'javascript://example.com/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
    'mailto:someone@example.com',
    '//evil.example/path',
    '/relative/path',
    'http:',
    'http://',
    'https:',
    'https://',
    'http:/example.com',
    'https:example.com',
    'http:///',
    'ｈｔｔｐｓ://example.com',
    'https://exa mple.com',
    'example.com',
  ];
  const taskRefusal = { message: staffMessages.admin.taskUrlInvalid, code: 'BAD_REQUEST' };
  const popupRefusal = { message: messages.popups.urlInvalid, code: 'BAD_REQUEST' };
  const call = (method: 'POST' | 'PUT', url: string, payload: object): InjectOptions => ({
    method,
    url,
    headers: { cookie: fixtures.adminCookie },
    payload,
  });

  it.each(NOT_HTTP)('refuses %j for a new task, a task edit, a new popup and a popup edit', async (link) => {
    await expectRefused(call('POST', '/api/admin/tasks', { title: 'Bad', url: link, reward: '1.00' }), 400, taskRefusal);
    await expectRefused(call('PUT', `/api/admin/tasks/${taskId}`, { url: link }), 400, taskRefusal);
    await expectRefused(call('POST', '/api/admin/popups', { title: 'Bad', content: '<p>Bad link</p>', url: link }), 400, popupRefusal);
    await expectRefused(call('PUT', `/api/admin/popups/${popupId}`, { url: link }), 400, popupRefusal);
  });

  it('keeps an http(s) link, trimmed of the blanks around it', async () => {
    const task = await t.app.inject(call('PUT', `/api/admin/tasks/${taskId}`, { url: '  https://example.com/b?x=1#top \n' }));
    expect(task.json().url).toBe('https://example.com/b?x=1#top');
    const popup = await t.app.inject(call('PUT', `/api/admin/popups/${popupId}`, { url: ' http://example.com/p ' }));
    expect(popup.json().url).toBe('http://example.com/p');
  });
});

describe('prototype pollution', () => {
  const POISON = '{"polluted":"yes","isAdmin":true}';
  const json = (method: 'POST' | 'PUT', url: string, cookie: string, payload: string): InjectOptions => ({
    method,
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload,
  });
  const get = (url: string, cookie: string): InjectOptions => ({ method: 'GET', url, headers: { cookie } });
  const trpcInput = (input: string) => `input=${encodeURIComponent(input)}`;

  /** Each call with its caller: literal JSON text, since a JavaScript object literal cannot carry an own "__proto__" key. */
  const CALLS: Array<[string, () => InjectOptions]> = [
    ['REST body __proto__', () => json('POST', '/api/support/messages', member.cookie, `{"message":"hi","__proto__":${POISON}}`)],
    [
      'REST body constructor.prototype',
      () => json('POST', '/api/support/messages', member.cookie, `{"message":"hi","constructor":{"prototype":${POISON}}}`),
    ],
    [
      'REST nested __proto__',
      () =>
        json(
          'POST',
          '/api/vip/upgrade',
          member.cookie,
          `{"vipTier":"VIP300","paymentInfo":{"transactionProof":"1234567890123","__proto__":${POISON}}}`,
        ),
    ],
    [
      'REST admin body, both keys',
      () =>
        json(
          'POST',
          '/api/admin/tasks',
          fixtures.adminCookie,
          `{"title":"P","url":"https://example.com","reward":"1.00","__proto__":${POISON},"constructor":{"prototype":${POISON}}}`,
        ),
    ],
    [
      'REST path id "__proto__"',
      () => json('PUT', '/api/admin/tasks/__proto__', fixtures.adminCookie, `{"title":"x","__proto__":${POISON}}`),
    ],
    [
      'REST query __proto__[...]',
      () => get('/api/admin/users?__proto__[polluted]=yes&__proto__[isAdmin]=true&search=a', fixtures.adminCookie),
    ],
    [
      'REST query constructor[prototype][...]',
      () => get('/api/admin/logs?constructor[prototype][polluted]=yes&page=1', fixtures.adminCookie),
    ],
    ['REST query __proto__ as a name', () => get('/api/transactions?__proto__=1&constructor=2&limit=5', member.cookie)],
    ['tRPC mutation __proto__', () => json('POST', '/trpc/support.send', member.cookie, `{"message":"hi","__proto__":${POISON}}`)],
    [
      'tRPC mutation nested constructor.prototype',
      () =>
        json(
          'POST',
          '/trpc/vip.upgrade',
          member.cookie,
          `{"vipTier":"VIP400","paymentInfo":{"transactionProof":"1234567890124","constructor":{"prototype":${POISON}}}}`,
        ),
    ],
    [
      'tRPC query __proto__',
      () => get(`/trpc/admin.users.list?${trpcInput(`{"search":"a","__proto__":${POISON}}`)}`, fixtures.adminCookie),
    ],
    [
      'tRPC query input that is __proto__ alone',
      () => get(`/trpc/transactions.list?${trpcInput(`{"__proto__":${POISON}}`)}`, member.cookie),
    ],
    [
      'tRPC batch keyed by __proto__',
      () => get(`/trpc/auth.user,vip.plans?batch=1&${trpcInput(`{"__proto__":${POISON},"0":null}`)}`, member.cookie),
    ],
    [
      'tRPC batch mutation with constructor',
      () =>
        json(
          'POST',
          '/trpc/support.send,support.markRead?batch=1',
          member.cookie,
          `{"0":{"message":"hi","constructor":{"prototype":${POISON}}}}`,
        ),
    ],
    ['sign-in __proto__', () => json('POST', '/api/dev/login', '', `{"email":"proto@example.com","__proto__":${POISON}}`)],
  ];

  it.each(CALLS)('%s: refused or harmless, never a 5xx', async (_name, request) => {
    const before = await takeSnapshot(t.database.db);
    const response = await t.app.inject(request());
    expect(response.statusCode, response.body).toBeLessThan(500);
    if (response.statusCode >= 400) {
      const body = response.json();
      const refusal = body.error ? { message: body.error.message, code: body.error.data.code } : body;
      expect(isCatalogueText(refusal.message), refusal.message).toBe(true);
      expect(typeof refusal.code).toBe('string');
      expect(await takeSnapshot(t.database.db)).toEqual(before);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('leaves later calls as they were: a member is no admin, the new account neither', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const me = await t.app.inject(get('/api/auth/user', member.cookie));
    expect(me.json()).toMatchObject({ id: member.id, isAdmin: false });
    expect((await t.app.inject(get('/api/admin/stats', member.cookie))).statusCode).toBe(403);
    const signedUp = await fixtures.db.selectFrom('users').select('isAdmin').where('email', '=', 'proto@example.com').executeTakeFirst();
    expect(signedUp?.isAdmin ?? false).toBe(false);
    const tasks = await t.app.inject(get('/api/admin/tasks', fixtures.adminCookie));
    expect(tasks.statusCode).toBe(200);
    expect(tasks.json().every((task: object) => !Object.hasOwn(task, 'polluted'))).toBe(true);
  });
});
