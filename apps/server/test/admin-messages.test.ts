import { messages, staffMessages } from '@app/contracts';
import type { Db } from '@app/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_IP, adminFixtures } from './admin-fixtures';
import { startTestApp, type TestApp } from './helpers';

let t: TestApp;
let db: Db;
let f: Awaited<ReturnType<typeof adminFixtures>>;

/** Noon in Manila (UTC+8). */
const NOON = new Date('2026-05-04T04:00:00Z');
const minutes = (count: number) => new Date(NOON.getTime() + count * 60_000);

beforeAll(async () => {
  t = await startTestApp();
  t.clock.now = NOON;
  db = t.database.db;
  f = await adminFixtures(t, 'messages');
});
beforeEach(() => {
  t.clock.now = NOON;
});
afterAll(async () => {
  await t.close();
});

describe('notifications', () => {
  const memberTitles = async (cookie: string) =>
    (await f.as(cookie, 'GET', '/api/notifications')).json().items.map((item: { title: string }) => item.title);

  it('sends a global notification with the form’s defaults; every member sees it', async () => {
    const { cookie } = await f.member();
    const sent = await f.admin('POST', '/api/notifications', { title: ' Welcome ', message: 'Hello everyone' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      id: expect.any(String),
      title: 'Welcome',
      message: 'Hello everyone',
      type: 'info',
      isGlobal: true,
      userId: null,
      createdAt: NOON.toISOString(),
      expiresAt: null,
      readCount: 0,
    });
    expect(await memberTitles(cookie)).toContain('Welcome');
    const [log] = await f.logs('create_notification', sent.json().id);
    expect(log).toMatchObject({ adminId: f.adminId, ipAddress: ADMIN_IP, details: { title: 'Welcome', isGlobal: true, userId: null } });
  });

  it('sends to one member, named targetUserId on the notification screen and userId in the panel', async () => {
    const chosen = await f.member();
    const other = await f.member();
    const screen = await f.admin('POST', '/api/notifications', {
      title: 'Just you',
      message: 'Screen',
      type: 'success',
      isGlobal: false,
      targetUserId: chosen.id,
    });
    expect(screen.json()).toMatchObject({ isGlobal: false, userId: chosen.id, type: 'success' });
    const panel = await f.admin('POST', '/api/admin/notifications', {
      title: 'Also you',
      message: 'Panel',
      type: 'warning',
      isGlobal: false,
      userId: chosen.id,
    });
    expect(panel.json()).toMatchObject({ isGlobal: false, userId: chosen.id, type: 'warning' });
    const quick = await f.admin('POST', '/api/admin/notifications', { title: 'Quick', message: 'Dialog', type: 'info', isGlobal: true });
    expect(quick.json()).toMatchObject({ isGlobal: true, userId: null });

    expect(await memberTitles(chosen.cookie)).toEqual(expect.arrayContaining(['Just you', 'Also you', 'Quick']));
    expect(await memberTitles(other.cookie)).not.toContain('Just you');
    expect(await memberTitles(other.cookie)).not.toContain('Also you');
  });

  it('lists every notification newest first with read counts, and deletes one', async () => {
    const reader = await f.member();
    t.clock.now = minutes(1);
    const older = (await f.admin('POST', '/api/notifications', { title: 'Older', message: 'One' })).json();
    t.clock.now = minutes(2);
    const newer = (
      await f.admin('POST', '/api/notifications', { title: 'Newer', message: 'Two', expiresAt: '2026-05-05T00:00:00+08:00' })
    ).json();
    await f.as(reader.cookie, 'POST', `/api/notifications/${older.id}/read`, {});

    const all = (await f.admin('GET', '/api/notifications/all')).json();
    const olderAt = all.findIndex((n: { id: string }) => n.id === older.id);
    const newerAt = all.findIndex((n: { id: string }) => n.id === newer.id);
    expect(newerAt).toBeLessThan(olderAt);
    expect(all[olderAt].readCount).toBe(1);
    expect(all[newerAt]).toMatchObject({ readCount: 0, expiresAt: '2026-05-04T16:00:00.000Z' });

    const deleted = await f.admin('DELETE', `/api/notifications/${older.id}`);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await memberTitles(reader.cookie)).not.toContain('Older');
    const again = await f.admin('DELETE', `/api/notifications/${older.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Notification not found');
    const [log] = await f.logs('delete_notification', older.id);
    expect(log).toMatchObject({ ipAddress: ADMIN_IP, details: { title: 'Older' } });
  });

  it('pages the notifications, and leaves the expired ones out of the active list', async () => {
    const titles = (rows: { title: string }[]) => rows.map((row) => row.title);
    const before = (await f.admin('GET', '/api/notifications/all?page=1&pageSize=1')).json().total;
    const activeBefore = (await f.admin('GET', '/api/notifications/all?page=1&pageSize=1&filter=active')).json().total;
    t.clock.now = minutes(3);
    await f.admin('POST', '/api/notifications', { title: 'Paged one', message: 'One', expiresAt: minutes(10).toISOString() });
    t.clock.now = minutes(4);
    await f.admin('POST', '/api/notifications', { title: 'Paged two', message: 'Two' });
    t.clock.now = minutes(5);
    await f.admin('POST', '/api/notifications', { title: 'Paged three', message: 'Three' });

    const first = (await f.admin('GET', '/api/notifications/all?page=1&pageSize=2')).json();
    expect({ ...first, items: titles(first.items) }).toEqual({ items: ['Paged three', 'Paged two'], total: before + 3 });
    expect(titles((await f.admin('GET', '/api/notifications/all?page=2&pageSize=2')).json().items)[0]).toBe('Paged one');
    const all = await f.admin('GET', '/api/notifications/all');
    expect({ total: all.headers['x-total-count'], first: titles(all.json()).slice(0, 3) }).toEqual({
      total: String(before + 3),
      first: ['Paged three', 'Paged two', 'Paged one'],
    });

    // Once 'Paged one' has expired, the active list leaves it out; the whole list keeps it.
    t.clock.now = minutes(10);
    const active = (await f.admin('GET', '/api/notifications/all?page=1&pageSize=50&filter=active')).json();
    expect(titles(active.items)).not.toContain('Paged one');
    expect(active.total).toBe(activeBefore + 2);
    expect(titles((await f.admin('GET', '/api/notifications/all?page=1&pageSize=50')).json().items)).toContain('Paged one');

    for (const [query, message] of [
      ['filter=expired', staffMessages.admin.notificationFilterInvalid],
      ['page=0', messages.common.pageInvalid],
      ['pageSize=500', messages.common.pageSizeInvalid],
    ]) {
      const refused = await f.admin('GET', `/api/notifications/all?${query}`);
      expect({ status: refused.statusCode, message: refused.json().message }, query).toEqual({ status: 400, message });
    }
  });

  it('stops showing a notification once it expires', async () => {
    const { cookie } = await f.member();
    await f.admin('POST', '/api/notifications', { title: 'Flash sale', message: 'Today only', expiresAt: minutes(30).toISOString() });
    expect(await memberTitles(cookie)).toContain('Flash sale');
    t.clock.now = minutes(30);
    expect(await memberTitles(cookie)).not.toContain('Flash sale');
  });

  it.each([
    [{ message: 'Body' }, 'Title is required'],
    [{ title: '  ', message: 'Body' }, 'Title is required'],
    [{ title: 'x'.repeat(201), message: 'Body' }, 'Title must be at most 200 characters'],
    [{ title: 'Title' }, 'Message is required'],
    [{ title: 'Title', message: '\n' }, 'Message is required'],
    [{ title: 'Title', message: 'Body', type: 'urgent' }, 'Type must be info, success, warning or error'],
    [{ title: 'Title', message: 'Body', isGlobal: 'no' }, 'Please choose whether the notification is for everyone'],
    [{ title: 'Title', message: 'Body', isGlobal: false }, 'Please choose a user for a notification that is not global'],
    [{ title: 'Title', message: 'Body', isGlobal: false, targetUserId: '' }, 'Please choose a user for a notification that is not global'],
    [{ title: 'Title', message: 'Body', isGlobal: false, targetUserId: 'nobody' }, 'The chosen user does not exist'],
    [{ title: 'Title', message: 'Body', expiresAt: '2026-05-04T03:59:59Z' }, 'The expiry date must be in the future'],
    [{ title: 'Title', message: 'Body', expiresAt: 'tomorrow' }, 'Please enter a valid expiry date'],
    [{ title: 'Title', message: 'Body', expiresAt: '2026-02-31' }, 'Please enter a valid expiry date'],
    [{ title: 'Title', message: 'Body', expiresAt: '2026-06-01T10:00' }, 'Please enter a valid expiry date'],
    [{ title: 'Title', message: 'Body', expiresAt: '0000-01-01' }, 'Please enter a valid expiry date'],
  ])('refuses %j with “%s”', async (payload, message) => {
    const response = await f.admin('POST', '/api/notifications', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('applies the same rules to the panel’s call, which names the member userId', async () => {
    const missing = await f.admin('POST', '/api/admin/notifications', { title: '', message: '' });
    expect(missing.json().message).toBe('Title is required');
    const unknown = await f.admin('POST', '/api/admin/notifications', { title: 'T', message: 'M', isGlobal: false, userId: 'nobody' });
    expect(unknown.json().message).toBe('The chosen user does not exist');
  });
});

describe('popups', () => {
  const activeIds = async () => {
    const { cookie } = await f.member();
    return (await f.as(cookie, 'GET', '/api/popups/active')).json().map((popup: { id: string }) => popup.id);
  };

  it('creates a popup with the form’s defaults that members get while it is active', async () => {
    const created = await f.admin('POST', '/api/admin/popups', { title: 'Promo', content: '<p>Big <strong>news</strong></p>' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      id: expect.any(String),
      title: 'Promo',
      description: '',
      content: '<p>Big <strong>news</strong></p>',
      url: null,
      duration: 30,
      isActive: true,
      startDate: NOON.toISOString(),
      endDate: null,
      createdAt: NOON.toISOString(),
      updatedAt: NOON.toISOString(),
    });
    expect(await activeIds()).toContain(created.json().id);
    expect((await f.admin('GET', '/api/admin/popups')).json()).toContainEqual(created.json());
    const [log] = await f.logs('create_popup', created.json().id);
    expect(log).toMatchObject({ ipAddress: ADMIN_IP, details: { title: 'Promo' } });
  });

  it('shows a popup only inside its window', async () => {
    const later = (
      await f.admin('POST', '/api/admin/popups', { title: 'Later', content: 'Coming soon', startDate: minutes(60).toISOString() })
    ).json();
    const ended = (
      await f.admin('POST', '/api/admin/popups', {
        title: 'Ended',
        content: 'Gone already',
        startDate: minutes(-60).toISOString(),
        endDate: minutes(-1).toISOString(),
      })
    ).json();
    const ids = await activeIds();
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(ended.id);
    t.clock.now = minutes(61);
    expect(await activeIds()).toContain(later.id);
  });

  it('sanitizes the HTML on save, on create and on edit', async () => {
    const created = await f.admin('POST', '/api/admin/popups', {
      title: 'Sneaky',
      content:
        '<p onclick="steal()">Hi <a href="javascript:alert(1)">there</a> <a href="https://example.com/ok">friend</a></p><script>alert(1)</script>',
      url: 'https://example.com/landing',
    });
    expect(created.json().content).toBe(
      '<p>Hi <a target="_blank" rel="noopener noreferrer">there</a> <a href="https://example.com/ok" target="_blank" rel="noopener noreferrer">friend</a></p>',
    );
    const edited = await f.admin('PUT', `/api/admin/popups/${created.json().id}`, { content: '<img src=x onerror=alert(1)><b>Hello</b>' });
    expect(edited.json().content).toBe('<img /><b>Hello</b>');
    expect(edited.json()).toMatchObject({ title: 'Sneaky', url: 'https://example.com/landing' });
    const stored = await db.selectFrom('popups').select('content').where('id', '=', created.json().id).executeTakeFirstOrThrow();
    expect(stored.content).toBe('<img /><b>Hello</b>');
  });

  it('edits, switches off and deletes a popup', async () => {
    const popup = (await f.admin('POST', '/api/admin/popups', { title: 'Edit me', content: 'Some content', duration: 60 })).json();
    t.clock.now = minutes(5);
    const off = await f.admin('PUT', `/api/admin/popups/${popup.id}`, { isActive: false, description: 'Paused', url: '' });
    expect(off.json()).toMatchObject({
      isActive: false,
      description: 'Paused',
      duration: 60,
      url: null,
      updatedAt: minutes(5).toISOString(),
    });
    expect(await activeIds()).not.toContain(popup.id);
    const [log] = await f.logs('update_popup', popup.id);
    expect(log?.details).toEqual({ title: 'Edit me', changed: ['description', 'url', 'isActive'] });

    const inverted = await f.admin('PUT', `/api/admin/popups/${popup.id}`, { endDate: minutes(-10).toISOString() });
    expect(inverted.json()).toEqual({ message: 'The end date must be after the start date', code: 'BAD_REQUEST' });
    expect((await f.admin('PUT', `/api/admin/popups/${popup.id}`, {})).json().message).toBe('Nothing to update');

    expect((await f.admin('DELETE', `/api/admin/popups/${popup.id}`)).json()).toEqual({ ok: true });
    expect(await f.logs('delete_popup', popup.id)).toHaveLength(1);
    const gone = await f.admin('DELETE', `/api/admin/popups/${popup.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Popup not found');
    expect((await f.admin('PUT', `/api/admin/popups/${popup.id}`, { title: 'Ghost' })).statusCode).toBe(404);
  });

  const valid = { title: 'Promo', content: 'Hello there' };
  it.each([
    [{ ...valid, title: 'ab' }, 'Title must be at least 3 characters'],
    [{ ...valid, title: undefined }, 'Title must be at least 3 characters'],
    [{ ...valid, content: 'abcd' }, 'Content must be at least 5 characters'],
    [{ ...valid, content: '<script>alert("hello")</script>' }, 'Content must be at least 5 characters'],
    [{ ...valid, url: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    [{ ...valid, url: 'data:text/html,<script>alert(1)</script>' }, 'Please enter a valid URL'],
    [{ ...valid, url: 'not a url' }, 'Please enter a valid URL'],
    [{ ...valid, duration: 4 }, 'Duration must be at least 5 seconds'],
    [{ ...valid, duration: 301 }, 'Duration cannot exceed 5 minutes'],
    [{ ...valid, duration: 10.5 }, 'Duration must be a whole number of seconds'],
    [{ ...valid, duration: 'long' }, 'Duration must be a whole number of seconds'],
    [{ ...valid, isActive: 'yes' }, 'Active must be true or false'],
    [{ ...valid, startDate: 'soon' }, 'Please enter a valid date'],
    [{ ...valid, endDate: minutes(-1).toISOString() }, 'The end date must be after the start date'],
  ])('refuses %j with “%s”', async (payload, message) => {
    const response = await f.admin('POST', '/api/admin/popups', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'BAD_REQUEST' });
  });

  it('takes a duration given as text', async () => {
    const created = await f.admin('POST', '/api/admin/popups', { ...valid, duration: '45' });
    expect(created.json().duration).toBe(45);
  });
});

describe('support inbox', () => {
  it('lists conversations by latest activity with unread counts, opens a thread and answers', async () => {
    const first = await f.member();
    const second = await f.member();
    await f.as(first.cookie, 'POST', '/api/support/messages', { message: 'Where is my payout?' });
    t.clock.now = minutes(1);
    await f.as(first.cookie, 'POST', '/api/support/messages', { message: 'Hello?' });
    t.clock.now = minutes(2);
    await f.as(second.cookie, 'POST', '/api/support/messages', { message: 'VIP question' });

    const inbox = (await f.admin('GET', '/api/admin/support/conversations')).json();
    const mine = inbox.filter((line: { userId: string }) => [first.id, second.id].includes(line.userId));
    expect(mine).toEqual([
      { userId: second.id, email: second.user.email, lastMessage: 'VIP question', lastAt: minutes(2).toISOString(), unread: 1 },
      { userId: first.id, email: first.user.email, lastMessage: 'Hello?', lastAt: minutes(1).toISOString(), unread: 2 },
    ]);

    const thread = await f.admin('GET', `/api/admin/support/conversations/${first.id}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().map((m: { message: string; isRead: boolean }) => [m.message, m.isRead])).toEqual([
      ['Where is my payout?', true],
      ['Hello?', true],
    ]);

    t.clock.now = minutes(3);
    const reply = await f.admin('POST', `/api/admin/support/conversations/${first.id}/reply`, { message: '  It is on its way.  ' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ message: 'It is on its way.', isUserMessage: false, isRead: false });
    const row = await db
      .selectFrom('supportMessages')
      .select(['authorId', 'userId'])
      .where('id', '=', reply.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ authorId: f.adminId, userId: first.id });
    const [log] = await f.logs('support_reply', first.id);
    expect(log).toMatchObject({ ipAddress: ADMIN_IP, details: { messageId: reply.json().id } });

    const memberView = (await f.as(first.cookie, 'GET', '/api/support/messages')).json();
    expect(memberView.at(-1)).toMatchObject({ message: 'It is on its way.', isUserMessage: false });
    expect(memberView[0].isRead).toBe(true);
    const after = (await f.admin('GET', '/api/admin/support/conversations')).json();
    expect(after[0]).toEqual({
      userId: first.id,
      email: first.user.email,
      lastMessage: 'It is on its way.',
      lastAt: minutes(3).toISOString(),
      unread: 0,
    });
  });

  it('leaves a thread unread when a link on another site opens it, and marks it read when the inbox does', async () => {
    const member = await f.member();
    await f.as(member.cookie, 'POST', '/api/support/messages', { message: 'Anyone there?' });
    const unread = async () =>
      (await f.admin('GET', `/api/admin/support/conversations?page=1&pageSize=200`))
        .json()
        .items.find((line: { userId: string }) => line.userId === member.id).unread;

    for (const site of ['cross-site', 'same-site']) {
      const opened = await t.app.inject({
        url: `/api/admin/support/conversations/${member.id}`,
        headers: { cookie: f.adminCookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
      });
      expect(opened.statusCode).toBe(200);
      expect(opened.json().map((m: { isRead: boolean }) => m.isRead)).toEqual([false]);
      expect(await unread()).toBe(1);
    }
    const fromInbox = await t.app.inject({
      url: `/api/admin/support/conversations/${member.id}`,
      headers: { cookie: f.adminCookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(fromInbox.json().map((m: { isRead: boolean }) => m.isRead)).toEqual([true]);
    expect(await unread()).toBe(0);
  });

  it('pages and searches the conversations by member when asked, and otherwise answers the first 100 with X-Total-Count', async () => {
    const people = [await f.member(), await f.member(), await f.member()];
    for (const [index, person] of people.entries()) {
      t.clock.now = minutes(10 + index);
      await f.as(person.cookie, 'POST', '/api/support/messages', { message: `Question ${index}` });
    }
    const unpaged = await f.admin('GET', '/api/admin/support/conversations');
    const total = Number(unpaged.headers['x-total-count']);
    expect(unpaged.json()).toHaveLength(Math.min(total, 100));

    const firstPage = (await f.admin('GET', '/api/admin/support/conversations?page=1&pageSize=2')).json();
    expect(firstPage.total).toBe(total);
    expect(firstPage.items.map((line: { userId: string }) => line.userId)).toEqual([people[2]!.id, people[1]!.id]);
    const secondPage = (await f.admin('GET', '/api/admin/support/conversations?page=2&pageSize=2')).json();
    expect(secondPage.items[0].userId).toBe(people[0]!.id);

    const email = people[1]!.user.email;
    const found = (
      await f.admin('GET', `/api/admin/support/conversations?page=1&search=${encodeURIComponent(email.toUpperCase())}`)
    ).json();
    expect(found).toEqual({ total: 1, items: [expect.objectContaining({ userId: people[1]!.id, lastMessage: 'Question 1', unread: 1 })] });
    expect((await f.admin('GET', '/api/admin/support/conversations?page=1&search=%25')).json().total).toBe(0);
  });

  it('opens a long thread at its latest messages and reads back a window at a time, marking them all read', async () => {
    const first = await f.member();
    const other = await f.member();
    for (let index = 1; index <= 5; index++) {
      t.clock.now = minutes(20 + index);
      await f.as(first.cookie, 'POST', '/api/support/messages', { message: `Message ${index}` });
    }
    await f.as(other.cookie, 'POST', '/api/support/messages', { message: 'Someone else' });
    const texts = (answer: { items: { message: string }[] }) => answer.items.map((item) => item.message);

    const latest = (await f.admin('GET', `/api/admin/support/conversations/${first.id}?limit=2`)).json();
    expect(texts(latest)).toEqual(['Message 4', 'Message 5']);
    expect(latest.hasEarlier).toBe(true);
    // Opening the latest window reads the whole conversation: no message is left unread behind it.
    const inbox = (await f.admin('GET', `/api/admin/support/conversations?page=1&search=${encodeURIComponent(first.user.email)}`)).json();
    expect(inbox.items[0].unread).toBe(0);

    const earlier = (await f.admin('GET', `/api/admin/support/conversations/${first.id}?limit=2&cursor=${latest.items[0].id}`)).json();
    expect(texts(earlier)).toEqual(['Message 2', 'Message 3']);
    expect(earlier.items.every((item: { isRead: boolean }) => item.isRead)).toBe(true);
    const start = (await f.admin('GET', `/api/admin/support/conversations/${first.id}?limit=2&cursor=${earlier.items[0].id}`)).json();
    expect(start).toEqual({ items: [expect.objectContaining({ message: 'Message 1' })], hasEarlier: false, unreadReplies: 0 });

    const unpaged = await f.admin('GET', `/api/admin/support/conversations/${first.id}`);
    expect(unpaged.headers['x-total-count']).toBe('5');
    // Another member's message is not a place in this conversation.
    const othersMessage = (await f.as(other.cookie, 'GET', '/api/support/messages')).json()[0].id;
    const refused = await f.admin('GET', `/api/admin/support/conversations/${first.id}?limit=2&cursor=${othersMessage}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'That message is not in this conversation', code: 'BAD_REQUEST' });
    expect((await f.admin('GET', `/api/admin/support/conversations/${first.id}?limit=500`)).statusCode).toBe(400);
  });

  it('refuses an empty or long reply and answers 404 for an unknown member', async () => {
    const { id } = await f.member();
    const empty = await f.admin('POST', `/api/admin/support/conversations/${id}/reply`, { message: ' ' });
    expect(empty.json()).toEqual({ message: 'Message cannot be empty', code: 'BAD_REQUEST' });
    const long = await f.admin('POST', `/api/admin/support/conversations/${id}/reply`, { message: 'x'.repeat(2001) });
    expect(long.json()).toEqual({ message: 'Message must be at most 2000 characters', code: 'BAD_REQUEST' });
    for (const call of [
      f.admin('GET', '/api/admin/support/conversations/nobody'),
      f.admin('POST', '/api/admin/support/conversations/nobody/reply', { message: 'Hi' }),
    ]) {
      const response = await call;
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('User not found');
    }
  });
});
