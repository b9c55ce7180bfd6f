import { hashToken } from '@app/auth';
import { LIVE_POSITION_HEADER, type LiveEvent } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signInUnlockedAdmin, startTestApp, type TestApp } from './helpers';

/**
 * The live stream (docs/architecture.md#live-updates) over a real socket: server-sent events never end,
 * which Fastify's inject waits for.
 */
let t: TestApp;
let baseUrl: string;
let adminCookie: string;

beforeAll(async () => {
  t = await startTestApp();
  adminCookie = await signInUnlockedAdmin(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t.close();
});

interface Stream {
  /** The events received so far (pings and tRPC's own connected event left out). */
  events: LiveEvent[];
  /** The errors the server ended the stream with (tRPC's serialized-error events). */
  errors: { code: string; httpStatus: number }[];
  ids: string[];
  /** Resolves with the next event that `matches` (skipping the others), or rejects after `ms`. */
  next(matches: (event: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Where a stream is asked for: the server (this file's app unless said), and the client's address behind a proxy. */
interface Asking {
  url?: string;
  from?: string;
  input?: { lastEventId: string };
}

/** Asks for the stream as a browser's EventSource would, with the given cookie; the answer may be a refusal. */
async function ask(cookie: string | null, { url = baseUrl, from, input }: Asking = {}) {
  const controller = new AbortController();
  const query = input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
  const response = await fetch(`${url}/trpc/live.events${query}`, {
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...(from ? { 'x-forwarded-for': from } : {}) },
    signal: controller.signal,
  });
  return { response, controller };
}

/** Opens the stream as a browser's EventSource would, with the given cookie and input. */
async function open(cookie: string | null, asking?: Asking): Promise<Stream> {
  const { response, controller } = await ask(cookie, asking);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const stream: Stream = {
    events: [],
    errors: [],
    ids: [],
    next: () => Promise.reject(new Error('replaced below')),
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  // Events are taken in order: `next` looks first at those that came since the last one it took.
  let taken = 0;
  const waiters = new Set<() => void>();
  stream.next = (matches, ms = 1_000) =>
    new Promise((resolve, reject) => {
      const look = () => {
        while (taken < stream.events.length) {
          const event = stream.events[taken++] as LiveEvent;
          if (matches(event)) {
            clearTimeout(timer);
            waiters.delete(look);
            resolve(event);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(new Error(`no matching event within ${ms} ms; received ${JSON.stringify(stream.events)}`));
      }, ms);
      waiters.add(look);
      look();
    });
  stream.ended = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const fields = new Map(
            block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.get('event') === 'serialized-error') stream.errors.push(JSON.parse(fields.get('data') ?? 'null').data);
          if (fields.has('event') || !fields.has('data')) continue;
          const event = JSON.parse(fields.get('data') ?? 'null') as LiveEvent;
          stream.events.push(event);
          if (fields.has('id')) stream.ids.push(fields.get('id') ?? '');
          for (const waiter of [...waiters]) waiter();
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  // The server subscribes once the stream's first bytes are out; give it that moment.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return stream;
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('live updates', () => {
  it('tells a member of a reply in their conversation within 1 s, and nothing of another member’s', async () => {
    const member = await signIn(t.app, 'live-member@example.com');
    const other = await signIn(t.app, 'live-other@example.com');
    const { id } = (await call('GET', '/api/auth/user', member)).json();
    const stream = await open(member);
    expect((await call('POST', '/api/support/messages', other, { message: 'Not yours' })).statusCode).toBe(200);
    const heard = stream.next((event) => event.topic === 'support', 10_000).then((event) => ({ event, at: performance.now() }));
    expect(
      (await call('POST', `/api/admin/support/conversations/${id}/reply`, adminCookie, { message: 'Hello from support' })).statusCode,
    ).toBe(200);
    // Within 1 s of the reply being stored: timed from its answer, which a loaded machine may take a while to give.
    const stored = performance.now();
    const { event, at } = await heard;
    expect(event).toEqual({ topic: 'support', userId: id });
    expect(at - stored).toBeLessThan(1_000);
    expect(stream.events.filter((event) => event.topic === 'support')).toHaveLength(1);
    stream.close();
  });

  it('tells an admin of each conversation and of the queues, and a member of neither', async () => {
    const admin = await open(adminCookie);
    const member = await signIn(t.app, 'live-writer@example.com');
    const memberStream = await open(member);
    const { id } = (await call('GET', '/api/auth/user', member)).json();
    expect((await call('POST', '/api/support/messages', member, { message: 'Where is my payout?' })).statusCode).toBe(200);
    expect(await admin.next((event) => event.topic === 'support')).toEqual({ topic: 'support', userId: id });
    await t.database.db
      .insertInto('payouts')
      .values({ userId: id, paymentMethod: 'G-CASH', amount: 10_000, paymentDetails: '09171234567' })
      .execute();
    await admin.next((event) => event.topic === 'queues');
    await memberStream.next((event) => event.topic === 'support');
    expect(memberStream.events.map((event) => event.topic)).not.toContain('queues');
    admin.close();
    memberStream.close();
  });

  it('tells everyone, visitors too, that the site opened or closed', async () => {
    const visitor = await open(null);
    const member = await open(await signIn(t.app, 'live-reader@example.com'));
    expect(
      (await call('POST', '/api/admin/maintenance', adminCookie, { maintenance: true, message: 'Back soon', reason: 'Test' })).statusCode,
    ).toBe(200);
    await visitor.next((event) => event.topic === 'site');
    await member.next((event) => event.topic === 'site');
    expect((await call('POST', '/api/admin/maintenance', adminCookie, { maintenance: false, reason: 'Done' })).statusCode).toBe(200);
    await visitor.next((event) => event.topic === 'site');
    expect(visitor.events.map((event) => event.topic)).toEqual(['resync', 'site', 'site']);
    visitor.close();
    member.close();
  });

  it('tells a member of a notification for them or for everyone', async () => {
    const member = await signIn(t.app, 'live-bell@example.com');
    const { id } = (await call('GET', '/api/auth/user', member)).json();
    const stream = await open(member);
    await t.database.db.insertInto('notifications').values({ title: 'For you', message: 'Hi', userId: id, isGlobal: false }).execute();
    await stream.next((event) => event.topic === 'notifications');
    await t.database.db.insertInto('notifications').values({ title: 'For all', message: 'Hi', isGlobal: true }).execute();
    await stream.next((event) => event.topic === 'notifications');
    stream.close();
  });

  it('ends the stream of a session that signs out', async () => {
    const member = await signIn(t.app, 'live-leaver@example.com');
    const stream = await open(member);
    expect((await call('GET', '/api/logout', member)).statusCode).toBe(302);
    const ended = await Promise.race([
      stream.ended.then(() => 'ended'),
      new Promise((resolve) => setTimeout(() => resolve('open'), 1_000)),
    ]);
    expect(ended).toBe('ended');
  });

  it('ends an admin’s stream when the panel’s unlock runs out, so the inbox and the queues stop reaching a locked panel', async () => {
    const cookie = await signInUnlockedAdmin(t, 'live-expiring@example.com');
    const token = /session=([^;]+)/.exec(cookie)?.[1] ?? '';
    // The unlock runs out 1.5 s from now by the app's clock; the stream opened after it learns so.
    await t.database.db
      .updateTable('sessions')
      .set({ adminUnlockedUntil: new Date(t.clock.now.getTime() + 1_500) })
      .where('id', '=', hashToken(token))
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const opening = performance.now();
    const admin = await open(cookie);
    const adminEndedAt = admin.ended.then(() => performance.now());
    const member = await open(await signIn(t.app, 'live-staying@example.com'));
    // The app's clock stands still here, so the unlock has 1.5 s left whenever the stream starts: it ends
    // 1.5 s after that (a few ms of timer slack allowed), never before, however slow the machine is.
    expect(await endsWithin(admin, 5_000)).toBe(true);
    expect((await adminEndedAt) - opening).toBeGreaterThanOrEqual(1_450);
    expect(await endsWithin(member, 300)).toBe(false);
    member.close();
  });

  it('ends an admin’s stream when another admin suspends them', async () => {
    const suspended = await signInUnlockedAdmin(t, 'live-suspended@example.com');
    const { id } = (await call('GET', '/api/auth/user', suspended)).json();
    const stream = await open(suspended);
    const answer = await call('POST', `/api/admin/users/${id}/status`, adminCookie, { status: 'suspended', reason: 'Review' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await endsWithin(stream, 1_000)).toBe(true);
  });

  it('starts a first stream with resync, and one reconnecting with its last event id with what it missed', async () => {
    const member = await signIn(t.app, 'live-returns@example.com');
    const { id } = (await call('GET', '/api/auth/user', member)).json();
    const first = await open(member);
    expect(await first.next(() => true)).toEqual({ topic: 'resync', userId: null });
    await t.database.db.insertInto('notifications').values({ title: 'Seen', message: 'Hi', isGlobal: true }).execute();
    await first.next((event) => event.topic === 'notifications');
    const lastEventId = first.ids.at(-1) ?? '';
    expect(lastEventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{32}$/);
    first.close();

    // While the page is away: a reply for it, and a change it does not listen to (another member's chat).
    expect((await call('POST', `/api/admin/support/conversations/${id}/reply`, adminCookie, { message: 'While away' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('POST', '/api/support/messages', await signIn(t.app, 'live-someone@example.com'), { message: 'Hi' })).statusCode,
    ).toBe(200);
    const again = await open(member, { input: { lastEventId } });
    expect(await again.next(() => true)).toEqual({ topic: 'support', userId: id });
    // Only that: no resync, nothing of the other member, and an id of its own.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again.events).toEqual([{ topic: 'support', userId: id }]);
    expect(again.ids[0]).not.toBe(lastEventId);
    again.close();
  });

  it("starts a page's first stream from where its first read left the feed: what changed since, and no resync", async () => {
    const member = await signIn(t.app, 'live-first-read@example.com');
    const { id } = (await call('GET', '/api/auth/user', member)).json();
    const firstRead = await fetch(`${baseUrl}/trpc/auth.user,support.messages?batch=1&input=${encodeURIComponent('{}')}`, {
      headers: { cookie: member },
    });
    expect(firstRead.status).toBe(200);
    const position = firstRead.headers.get(LIVE_POSITION_HEADER) ?? '';
    expect(position).toMatch(/^[0-9a-f]{8}-[0-9a-f]{32}$/);

    // A reply after the read, before the stream listens: the stream tells of it, and of nothing else.
    expect((await call('POST', `/api/admin/support/conversations/${id}/reply`, adminCookie, { message: 'Just after' })).statusCode).toBe(
      200,
    );
    const stream = await open(member, { input: { lastEventId: position } });
    expect(await stream.next(() => true)).toEqual({ topic: 'support', userId: id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events).toEqual([{ topic: 'support', userId: id }]);
    stream.close();

    // Nothing changed since a read: its stream is quiet.
    const laterRead = await fetch(`${baseUrl}/trpc/auth.user?batch=1&input=${encodeURIComponent('{}')}`, { headers: { cookie: member } });
    const quiet = await open(member, { input: { lastEventId: laterRead.headers.get(LIVE_POSITION_HEADER) ?? '' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(quiet.events).toEqual([]);
    quiet.close();
  });

  it.each([
    ['another instance’s id', () => 'ffffffff-1'],
    ['its own last id with a digit changed', (last: string) => last.replace(/.$/, (digit) => (digit === '0' ? '1' : '0'))],
    ['a plain number', (last: string) => `${last.split('-')[0]}-1`],
    ['text that is no id', () => 'not-an-id'],
  ])('starts with resync when the last event id is %s', async (_name, idFrom) => {
    const member = await signIn(t.app, 'live-strange-id@example.com');
    const first = await open(member);
    await first.next(() => true);
    const last = first.ids.at(-1) ?? '';
    first.close();
    const again = await open(member, { input: { lastEventId: idFrom(last) } });
    expect(await again.next(() => true)).toEqual({ topic: 'resync', userId: null });
    again.close();
  });

  it('has a page whose stream dropped before any event read again what was said while it was down', async () => {
    const member = await signIn(t.app, 'live-dropped@example.com');
    const { id } = (await call('GET', '/api/auth/user', member)).json();
    // The stream drops before tRPC saw a tracked event, so the reconnect carries no last event id.
    const dropped = await open(member);
    dropped.close();
    expect(
      (await call('POST', `/api/admin/support/conversations/${id}/reply`, adminCookie, { message: 'Said while you were away' })).statusCode,
    ).toBe(200);
    const again = await open(member);
    expect(await again.next(() => true)).toEqual({ topic: 'resync', userId: null });
    // The resync has the page read its conversation again, which has the reply.
    const messages = (await call('GET', '/api/support/messages', member)).json() as { message: string }[];
    expect(messages.map((message) => message.message)).toContain('Said while you were away');
    again.close();
  });

  it.each([
    ['a bare number', '12345'],
    ['an id that is not text', '{"lastEventId":5}'],
    ['an unknown field', '{"lastEventId":"a","admin":true}'],
  ])('refuses %s as input with an error event, never a 5xx', async (_name, input) => {
    const response = await fetch(`${baseUrl}/trpc/live.events?input=${encodeURIComponent(input)}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('event: serialized-error');
    expect(text).toContain('"httpStatus":400');
  });

  it('ends the open streams when the server shuts down, so the shutdown does not wait on them', async () => {
    const other = await startTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const address = other.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const response = await fetch(`http://127.0.0.1:${port}/trpc/live.events`, { headers: { accept: 'text/event-stream' } });
    const body = response.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const closing = other.app.close();
    const ended = await Promise.race([body, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000))]);
    expect(ended, 'the stream was still open a second after the shutdown began').toContain('event: return');
    expect(performance.now() - started).toBeLessThan(1_000);
    // The client's connection, idle now, is closed by the server's shutdown (apps/server/src/main.ts).
    other.app.server.closeAllConnections();
    await closing;
    await other.close();
  });
});

/** Whether the stream ends within `ms`. */
const endsWithin = (stream: Stream, ms: number) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('the caps on live streams', () => {
  // Small caps, and a proxy in front, so that each test's client can come from an address of its own.
  let capped: TestApp;
  let url: string;
  const opened: Stream[] = [];
  const openCapped = async (cookie: string | null, from: string) => {
    const stream = await open(cookie, { url, from });
    opened.push(stream);
    return stream;
  };
  /** The refusal of one more stream: its status and Retry-After. */
  const refusal = async (cookie: string | null, from: string) => {
    const { response, controller } = await ask(cookie, { url, from });
    const body = (await response.json()) as { code: string };
    controller.abort();
    return { status: response.status, retryAfter: response.headers.get('retry-after'), code: body.code };
  };

  beforeAll(async () => {
    capped = await startTestApp({
      TRUST_PROXY: '1',
      DEV_LOGIN: 'true',
      LIVE_STREAMS_PER_ADDRESS_BLOCK: '2',
      LIVE_STREAMS_PER_ACCOUNT: '2',
      LIVE_STREAMS_PER_INSTANCE: '5',
    });
    await capped.app.listen({ port: 0, host: '127.0.0.1' });
    const address = capped.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterEach(async () => {
    for (const stream of opened.splice(0)) stream.close();
    // The server gives each place back when it sees the connection close.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  afterAll(async () => {
    await capped.close();
  });

  it('lets a signed-out address block hold 2 streams, then answers 429 with Retry-After until one closes', async () => {
    await openCapped(null, '2001:db8:7:1::1');
    const second = await openCapped(null, '2001:db8:7:1::2');
    // Another address of the same /64, or the same one as an IPv4-mapped address: the same block.
    expect(await refusal(null, '2001:db8:7:1:ffff::9')).toEqual({ status: 429, retryAfter: '30', code: 'TOO_MANY_REQUESTS' });
    await openCapped(null, '198.51.100.4');
    await openCapped(null, '::ffff:198.51.100.4');
    expect(await refusal(null, '198.51.100.4')).toMatchObject({ status: 429, retryAfter: '30' });
    second.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await openCapped(null, '2001:db8:7:1::3');
  });

  it('lets an account hold 2 streams from anywhere, then answers 429 with Retry-After', async () => {
    const member = await signIn(capped.app, 'capped-member@example.com');
    await openCapped(member, '192.0.2.10');
    await openCapped(member, '192.0.2.11');
    expect(await refusal(member, '192.0.2.12')).toEqual({ status: 429, retryAfter: '30', code: 'TOO_MANY_REQUESTS' });
    // The cap is the account's, not the address's: a visitor at the same address still gets one.
    await openCapped(null, '192.0.2.10');
  });

  it('sheds the oldest signed-out stream for a signed-in one when full, and answers 503 when only signed-in ones are left', async () => {
    const oldest = await openCapped(null, '203.0.113.1');
    const younger = await openCapped(null, '203.0.113.2');
    const youngest = await openCapped(null, '203.0.113.3');
    const first = await signIn(capped.app, 'capped-first@example.com');
    await openCapped(first, '192.0.2.20');
    await openCapped(first, '192.0.2.20');
    // Full (5): a signed-out visitor is refused, nobody is shed for one.
    expect(await refusal(null, '203.0.113.4')).toEqual({ status: 503, retryAfter: '30', code: 'SERVICE_UNAVAILABLE' });
    expect(await endsWithin(oldest, 100)).toBe(false);

    const second = await signIn(capped.app, 'capped-second@example.com');
    await openCapped(second, '192.0.2.21');
    // The oldest signed-out stream ends with an error its client reconnects after; the younger ones stay.
    expect(await endsWithin(oldest, 1_000)).toBe(true);
    expect(oldest.errors).toEqual([expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 })]);
    expect(await endsWithin(younger, 100)).toBe(false);
    await openCapped(second, '192.0.2.21');
    expect(await endsWithin(younger, 1_000)).toBe(true);
    const admin = await signInUnlockedAdmin(capped, 'capped-admin@example.com');
    await openCapped(admin, '192.0.2.22');
    expect(await endsWithin(youngest, 1_000)).toBe(true);

    // Only signed-in streams now: the next one, whoever asks, waits.
    expect(await refusal(await signIn(capped.app, 'capped-third@example.com'), '192.0.2.23')).toEqual({
      status: 503,
      retryAfter: '30',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(await refusal(null, '203.0.113.5')).toMatchObject({ status: 503, retryAfter: '30' });
  });
});
