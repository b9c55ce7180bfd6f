import type { Db } from '@app/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, signIn, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let db: Db;

/** Noon in Manila (UTC+8). */
const NOON = new Date('2026-05-04T04:00:00Z');
const ADMIN_EMAIL = 'support-admin@example.com';
/** NOON moved by some minutes. */
const minutes = (count: number) => new Date(NOON.getTime() + count * 60_000);

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await createAdmin(t, ADMIN_EMAIL);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.now = NOON;
});

let people = 0;
/** A freshly signed-in member: their cookie and user id. */
async function member() {
  const email = `chatter${++people}@example.com`;
  const cookie = await signIn(t.app, email);
  const { id } = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { cookie, id };
}

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string | undefined, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const send = (cookie: string, payload: object) => post('/api/support/messages', cookie, payload);

/** Admin replies come with the admin side; until then they are written as it will write them. */
async function adminReply(userId: string, message: string, createdAt: Date) {
  const admin = await db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
  await db.insertInto('supportMessages').values({ userId, message, isUserMessage: false, authorId: admin.id, createdAt }).execute();
}

describe('support chat', () => {
  it('saves a trimmed message and lists the conversation oldest first', async () => {
    const { cookie, id } = await member();
    const sent = await send(cookie, { message: '  Where is my payout?\n' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      id: expect.any(String),
      message: 'Where is my payout?',
      isUserMessage: true,
      createdAt: NOON.toISOString(),
      isRead: false,
    });

    await adminReply(id, 'We are checking it.', minutes(5));
    t.clock.now = minutes(10);
    await send(cookie, { message: 'Thank you' });

    const list = await get('/api/support/messages', cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: { message: string; isUserMessage: boolean }) => [m.message, m.isUserMessage])).toEqual([
      ['Where is my payout?', true],
      ['We are checking it.', false],
      ['Thank you', true],
    ]);
    const row = await db.selectFrom('supportMessages').selectAll().where('id', '=', sent.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: id, isUserMessage: true, authorId: null });
  });

  it('refuses an empty, blank, missing or over-long message with the rule’s text', async () => {
    const { cookie } = await member();
    for (const payload of [{ message: '' }, { message: ' \n\t ' }, {}, { message: 42 }, { message: null }]) {
      const refused = await send(cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toEqual({ message: 'Message cannot be empty', code: 'BAD_REQUEST' });
    }
    const tooLong = await send(cookie, { message: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: 'Message must be at most 2000 characters', code: 'BAD_REQUEST' });
    expect((await get('/api/support/messages', cookie)).json()).toEqual([]);

    const longest = await send(cookie, { message: ` ${'x'.repeat(2000)} ` });
    expect(longest.statusCode).toBe(200);
    expect(longest.json().message).toHaveLength(2000);
  });

  it('refuses NUL characters, which PostgreSQL cannot store, with a 400', async () => {
    const { cookie } = await member();
    const refused = await send(cookie, { message: 'Hel\u0000lo' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Text must not contain NUL characters', code: 'BAD_REQUEST' });
  });

  it('never shows a member another member’s conversation', async () => {
    const alice = await member();
    const bob = await member();
    await send(alice.cookie, { message: 'Alice here' });
    await adminReply(alice.id, 'Hello Alice', minutes(1));
    expect((await get('/api/support/messages', bob.cookie)).json()).toEqual([]);
    await send(bob.cookie, { message: 'Bob here' });
    expect((await get('/api/support/messages', bob.cookie)).json().map((m: { message: string }) => m.message)).toEqual(['Bob here']);
  });

  it('reads the conversation a window at a time, back from the latest, without gaps or repeats as messages arrive', async () => {
    const { cookie, id } = await member();
    // Seven messages, two of them in the same millisecond: the id keeps their order stable.
    const stamps = [0, 1, 2, 2, 3, 4, 5].map(minutes);
    await db
      .insertInto('supportMessages')
      .values(stamps.map((createdAt, index) => ({ userId: id, message: `Message ${index + 1}`, isUserMessage: true, createdAt })))
      .execute();
    const texts = (items: { message: string }[]) => items.map((item) => item.message);
    const all = (await get('/api/support/messages', cookie)).json();

    const latest = await get('/api/support/messages?limit=3', cookie);
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toEqual({ items: all.slice(4), hasEarlier: true, unreadReplies: 0 });

    // A message arriving between two reads does not shift the next window: it is read back from a message, not a count.
    t.clock.now = minutes(10);
    await send(cookie, { message: 'Message 8' });
    const middle = (await get(`/api/support/messages?limit=3&cursor=${latest.json().items[0].id}`, cookie)).json();
    expect(middle).toEqual({ items: all.slice(1, 4), hasEarlier: true, unreadReplies: 0 });
    const first = (await get(`/api/support/messages?limit=3&cursor=${middle.items[0].id}`, cookie)).json();
    expect(texts(first.items)).toEqual(['Message 1']);
    expect(first.hasEarlier).toBe(false);
    // Before the first message there is nothing, which is an answer, not a mistake.
    expect((await get(`/api/support/messages?limit=3&cursor=${first.items[0].id}`, cookie)).json()).toEqual({
      items: [],
      hasEarlier: false,
      unreadReplies: 0,
    });
    // A cursor alone reads the usual window; a window as large as the conversation has nothing before it.
    expect(texts((await get(`/api/support/messages?cursor=${latest.json().items[0].id}`, cookie)).json().items)).toEqual(
      texts(all.slice(0, 4)),
    );
    const whole = (await get('/api/support/messages?limit=8', cookie)).json();
    expect(whole.hasEarlier).toBe(false);
    expect(texts(whole.items)).toEqual([...texts(all), 'Message 8']);
  });

  it('counts every reply the member has not read, also those before the window, until they are marked read', async () => {
    const { cookie, id } = await member();
    await adminReply(id, 'An early answer', minutes(1));
    for (let index = 0; index < 4; index++) {
      t.clock.now = minutes(2 + index);
      await send(cookie, { message: `Follow-up ${index}` });
    }
    await adminReply(id, 'A late answer', minutes(10));
    const window = (await get('/api/support/messages?limit=2', cookie)).json();
    expect(window.items.map((item: { message: string }) => item.message)).toEqual(['Follow-up 3', 'A late answer']);
    expect(window.unreadReplies).toBe(2);

    await post('/api/support/messages/read', cookie, {});
    expect((await get('/api/support/messages?limit=2', cookie)).json().unreadReplies).toBe(0);
  });

  it('answers the documented array with the whole conversation’s length, and refuses a bad limit or a cursor from elsewhere', async () => {
    const alice = await member();
    const bob = await member();
    await send(alice.cookie, { message: 'Alice here' });
    await send(bob.cookie, { message: 'Bob here' });
    const unpaged = await get('/api/support/messages', alice.cookie);
    expect(unpaged.headers['x-total-count']).toBe('1');
    expect(Array.isArray(unpaged.json())).toBe(true);

    for (const limit of ['0', '201', '2.5', 'ten', '']) {
      const refused = await get(`/api/support/messages?limit=${limit}`, alice.cookie);
      expect(refused.statusCode, limit).toBe(400);
      expect(refused.json()).toEqual({ message: 'Limit must be a whole number from 1 to 200', code: 'BAD_REQUEST' });
    }
    // Bob's message cannot be a place in Alice's conversation: refused, and nothing of his is read.
    const bobsMessage = (await get('/api/support/messages', bob.cookie)).json()[0].id;
    for (const cursor of [bobsMessage, 'no-such-message', 'x'.repeat(201)]) {
      const refused = await get(`/api/support/messages?limit=5&cursor=${cursor}`, alice.cookie);
      expect(refused.statusCode, cursor).toBe(400);
      expect(refused.json()).toEqual({ message: 'That message is not in this conversation', code: 'BAD_REQUEST' });
    }
    expect((await get('/api/support/messages?limit=5', undefined)).statusCode).toBe(401);

    // Both conversations' windows are in the OpenAPI document.
    const doc = (await get('/api/openapi.json')).json();
    const parameters = (path: string) => doc.paths[path].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(parameters('/support/messages')).toEqual(['limit', 'cursor']);
    expect(parameters('/admin/support/conversations/{userId}')).toEqual(['userId', 'limit', 'cursor']);
  });

  it('answers the latest 1,000 in the documented array, and counts them all', async () => {
    const { cookie, id } = await member();
    await db
      .insertInto('supportMessages')
      .values(
        Array.from({ length: 1003 }, (_, index) => ({
          userId: id,
          message: `Message ${index + 1}`,
          isUserMessage: true,
          createdAt: minutes(index),
        })),
      )
      .execute();
    const unpaged = await get('/api/support/messages', cookie);
    expect(unpaged.headers['x-total-count']).toBe('1003');
    const items = unpaged.json();
    expect(items).toHaveLength(1000);
    expect([items[0].message, items[999].message]).toEqual(['Message 4', 'Message 1003']);
  });

  it('marks support’s replies read for the member only, with or without a body', async () => {
    const alice = await member();
    const bob = await member();
    await send(alice.cookie, { message: 'Question' });
    await adminReply(alice.id, 'Answer 1', minutes(1));
    await adminReply(bob.id, 'Answer for Bob', minutes(1));
    const before = (await get('/api/support/messages', alice.cookie)).json();
    expect(before.map((m: { isRead: boolean }) => m.isRead)).toEqual([false, false]);

    const marked = await post('/api/support/messages/read', alice.cookie, {});
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ ok: true });
    // The member's own message stays unread until an admin reads it.
    expect((await get('/api/support/messages', alice.cookie)).json().map((m: { isRead: boolean }) => m.isRead)).toEqual([false, true]);
    expect((await get('/api/support/messages', bob.cookie)).json()[0].isRead).toBe(false);

    await adminReply(alice.id, 'Answer 2', minutes(2));
    expect((await post('/api/support/messages/read', alice.cookie)).statusCode).toBe(200);
    const replies = await db
      .selectFrom('supportMessages')
      .select('readByUserAt')
      .where('userId', '=', alice.id)
      .where('isUserMessage', '=', false)
      .execute();
    expect(replies.map((reply) => reply.readByUserAt?.toISOString())).toEqual([NOON.toISOString(), NOON.toISOString()]);
  });

  it('shows the member when an admin has read their message', async () => {
    const { cookie, id } = await member();
    await send(cookie, { message: 'Anyone there?' });
    await db
      .updateTable('supportMessages')
      .set({ readByAdminAt: minutes(3) })
      .where('userId', '=', id)
      .execute();
    expect((await get('/api/support/messages', cookie)).json()[0]).toMatchObject({ message: 'Anyone there?', isRead: true });
  });
});

describe('notifications', () => {
  beforeEach(async () => {
    await db.deleteFrom('notifications').execute();
  });

  async function notify(values: { title: string; isGlobal?: boolean; userId?: string; expiresAt?: Date | null; createdAt: Date }) {
    const row = await db
      .insertInto('notifications')
      .values({ message: `${values.title} body`, type: 'info', isGlobal: true, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const titles = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);

  it('lists the unexpired global ones and the member’s own, newest first, with the unread count', async () => {
    const alice = await member();
    const bob = await member();
    await notify({ title: 'Old global', createdAt: minutes(-60) });
    await notify({ title: 'For Alice', isGlobal: false, userId: alice.id, createdAt: minutes(-30) });
    await notify({ title: 'For Bob', isGlobal: false, userId: bob.id, createdAt: minutes(-20) });
    await notify({ title: 'Expiring', expiresAt: minutes(30), createdAt: minutes(-10) });
    await notify({ title: 'Expired', expiresAt: minutes(-1), createdAt: minutes(-5) });
    await notify({ title: 'Expires now', expiresAt: NOON, createdAt: minutes(-4) });

    const list = await get('/api/notifications', alice.cookie);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(titles(body)).toEqual(['Expiring', 'For Alice', 'Old global']);
    expect(body.unreadCount).toBe(3);
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      title: 'Expiring',
      message: 'Expiring body',
      type: 'info',
      isGlobal: true,
      createdAt: minutes(-10).toISOString(),
      expiresAt: minutes(30).toISOString(),
      read: false,
      link: null,
    });
    expect(titles((await get('/api/notifications', bob.cookie)).json())).toEqual(['Expiring', 'For Bob', 'Old global']);

    t.clock.now = minutes(30);
    const later = (await get('/api/notifications', alice.cookie)).json();
    expect(titles(later)).toEqual(['For Alice', 'Old global']);
    expect(later.unreadCount).toBe(2);
  });

  it('marks one read for that member only, idempotently', async () => {
    const alice = await member();
    const bob = await member();
    const global = await notify({ title: 'Global', createdAt: minutes(-2) });
    await notify({ title: 'Private', isGlobal: false, userId: alice.id, createdAt: minutes(-1) });

    for (let attempt = 0; attempt < 2; attempt++) {
      const marked = await post(`/api/notifications/${global}/read`, alice.cookie, {});
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toEqual({ ok: true });
    }
    const mine = (await get('/api/notifications', alice.cookie)).json();
    expect(mine.items.map((item: { title: string; read: boolean }) => [item.title, item.read])).toEqual([
      ['Private', false],
      ['Global', true],
    ]);
    expect(mine.unreadCount).toBe(1);
    expect((await get('/api/notifications', bob.cookie)).json()).toMatchObject({
      unreadCount: 1,
      items: [{ title: 'Global', read: false }],
    });
    const reads = await db.selectFrom('notificationReads').selectAll().where('notificationId', '=', global).execute();
    expect(reads).toEqual([{ notificationId: global, userId: alice.id, readAt: NOON }]);
  });

  it('lists the newest 100 and still counts the older unread ones', async () => {
    const { cookie } = await member();
    await db
      .insertInto('notifications')
      .values(Array.from({ length: 101 }, (_, index) => ({ title: `N${index}`, message: 'Body', createdAt: minutes(index - 200) })))
      .execute();
    const body = (await get('/api/notifications', cookie)).json();
    expect(body.items).toHaveLength(100);
    expect(body.items[0].title).toBe('N100');
    expect(body.items.at(-1).title).toBe('N1');
    expect(body.unreadCount).toBe(101);
  });

  it('answers 404 for a notification the member cannot see, whatever the id looks like', async () => {
    const alice = await member();
    const bob = await member();
    const bobs = await notify({ title: 'For Bob', isGlobal: false, userId: bob.id, createdAt: minutes(-2) });
    const expired = await notify({ title: 'Expired', expiresAt: minutes(-1), createdAt: minutes(-2) });
    for (const id of [bobs, expired, 'nope', '00000000-0000-0000-0000-000000000000', "1' OR '1'='1", '🙂', 'x'.repeat(300)]) {
      const refused = await post(`/api/notifications/${encodeURIComponent(id)}/read`, alice.cookie, {});
      expect(refused.statusCode, id).toBe(404);
      expect(refused.json()).toEqual({ message: 'Notification not found', code: 'NOT_FOUND' });
    }
    expect(await db.selectFrom('notificationReads').selectAll().execute()).toEqual([]);
  });
});

describe('popups', () => {
  beforeEach(async () => {
    await db.deleteFrom('popups').execute();
  });

  async function popup(values: { title: string; startDate: Date; endDate?: Date | null; isActive?: boolean; createdAt: Date }) {
    await db
      .insertInto('popups')
      .values({
        content: `<p>${values.title}</p>`,
        description: `${values.title} description`,
        url: 'https://example.com/promo',
        ...values,
      })
      .execute();
  }
  const titles = (list: { title: string }[]) => list.map((item) => item.title);

  it('lists the active popups whose window holds now, newest first', async () => {
    const { cookie } = await member();
    await popup({ title: 'Open-ended', startDate: minutes(-60), createdAt: minutes(-60) });
    await popup({ title: 'Starts now', startDate: NOON, endDate: minutes(60), createdAt: minutes(-50) });
    await popup({ title: 'Ends soon', startDate: minutes(-30), endDate: minutes(10), createdAt: minutes(-40) });
    await popup({ title: 'Not yet', startDate: minutes(5), createdAt: minutes(-30) });
    await popup({ title: 'Over', startDate: minutes(-60), endDate: minutes(-1), createdAt: minutes(-20) });
    await popup({ title: 'Ends now', startDate: minutes(-60), endDate: NOON, createdAt: minutes(-15) });
    await popup({ title: 'Switched off', startDate: minutes(-60), isActive: false, createdAt: minutes(-10) });

    const list = await get('/api/popups/active', cookie);
    expect(list.statusCode).toBe(200);
    expect(titles(list.json())).toEqual(['Ends soon', 'Starts now', 'Open-ended']);
    expect(list.json()[0]).toEqual({
      id: expect.any(String),
      title: 'Ends soon',
      description: 'Ends soon description',
      content: '<p>Ends soon</p>',
      url: 'https://example.com/promo',
      duration: 30,
    });

    t.clock.now = minutes(10);
    expect(titles((await get('/api/popups/active', cookie)).json())).toEqual(['Not yet', 'Starts now', 'Open-ended']);
    t.clock.now = minutes(-70);
    expect((await get('/api/popups/active', cookie)).json()).toEqual([]);
  });
});

describe('access', () => {
  const calls: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
    { method: 'GET', url: '/api/support/messages' },
    { method: 'POST', url: '/api/support/messages', payload: { message: 'Hi' } },
    { method: 'POST', url: '/api/support/messages/read', payload: {} },
    { method: 'GET', url: '/api/notifications' },
    { method: 'POST', url: '/api/notifications/some-id/read', payload: {} },
    { method: 'GET', url: '/api/popups/active' },
  ];
  const call = ({ method, url, payload }: (typeof calls)[number], cookie?: string) =>
    method === 'GET' ? get(url, cookie) : post(url, cookie, payload);

  it('needs a session', async () => {
    for (const request of calls) {
      const refused = await call(request);
      expect(refused.statusCode, request.url).toBe(401);
      expect(refused.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('answers members 503 with the maintenance message, and admins as usual', async () => {
    const { cookie } = await member();
    const admin = await signIn(t.app, ADMIN_EMAIL);
    await db.updateTable('systemSettings').set({ maintenance: true, message: 'Back at noon' }).execute();
    try {
      for (const request of calls) {
        const refused = await call(request, cookie);
        expect(refused.statusCode, request.url).toBe(503);
        expect(refused.json()).toEqual({ message: 'Back at noon', code: 'SERVICE_UNAVAILABLE' });
      }
      expect((await get('/api/support/messages', admin)).statusCode).toBe(200);
      expect((await get('/api/notifications', admin)).statusCode).toBe(200);
      expect((await get('/api/popups/active', admin)).statusCode).toBe(200);
    } finally {
      await db.updateTable('systemSettings').set({ maintenance: false }).execute();
    }
    expect((await get('/api/support/messages', cookie)).statusCode).toBe(200);
  });

  it('serves the same procedures to tRPC clients', async () => {
    const { cookie } = await member();
    const sent = await t.app.inject({ method: 'POST', url: '/trpc/support.send', headers: { cookie }, payload: { message: 'Via tRPC' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().result.data).toMatchObject({ message: 'Via tRPC', isUserMessage: true });
    const refused = await t.app.inject({ method: 'POST', url: '/trpc/support.send', headers: { cookie }, payload: { message: ' ' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Message cannot be empty');
    for (const path of ['support.messages', 'notifications.list', 'popups.active']) {
      expect((await get(`/trpc/${path}`, cookie)).statusCode, path).toBe(200);
    }
  });
});
