import { createDecipheriv, createECDH, createHmac, type ECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newPushDeliveryCounts, startPushQueue } from '@app/api';
import { noticeMessages, PUSH_SUBSCRIPTIONS_PER_MEMBER } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures } from './admin-fixtures';
import { openGcashPayments, startTestApp, type TestApp } from './helpers';

/** A push service of the test's own: records what it is sent and answers the statuses it is told to. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
const answers = new Map<string, number[]>();
let pushService: Server;
let origin: string;

let t: TestApp;
let f: Awaited<ReturnType<typeof adminFixtures>>;
/** Two instances' workers on one database: each job is sent once all the same. */
let queues: { stop(): Promise<void> }[];
const warnings: object[] = [];
const counts = newPushDeliveryCounts();
const METRICS_TOKEN = 'push-metrics-token-0123456789';

beforeAll(async () => {
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(path)?.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await startTestApp({ METRICS_TOKEN }, undefined, { testPushEndpointOrigins: [origin], pushDeliveries: counts });
  await openGcashPayments(t);
  f = await adminFixtures(t, 'push');
  const vapid = t.config.vapid;
  if (!vapid) throw new Error('development and tests always have VAPID keys');
  const worker = () =>
    startPushQueue({
      sql: t.database,
      db: t.database.db,
      vapid,
      log: { warn: (details) => warnings.push(details), error: (details) => warnings.push(details) },
      testEndpointOrigins: [origin],
      retryDelaySeconds: 1,
      pollingIntervalSeconds: 0.5,
      counts,
    });
  queues = [await worker(), await worker()];
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});

/** A browser's push keys, made as a browser makes them: a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm push (RFC 8188 and RFC 8291) with the browser's private key and auth secret. */
function decryptPush(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey, Buffer.from([1])]);
  const ikm = hmac(hmac(auth, ecdh.computeSecret(senderKey)), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // One record, the last: the text, then the delimiter 2 and any zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

async function pushesTo(path: string, count: number): Promise<Received[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const arrived = received.filter((push) => push.path === path);
    if (arrived.length >= count || Date.now() > deadline) return arrived;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A member with a pending payout of ₱200.00, subscribed on the given endpoints of the test's push service. */
async function subscribedRequester(paths: string[]) {
  const member = await f.payoutRequester();
  const browsers = paths.map((path) => ({ path, ...browserKeys() }));
  for (const browser of browsers) {
    const subscribed = await f.as(member.cookie, 'POST', '/api/push/subscriptions', {
      endpoint: `${origin}${browser.path}`,
      keys: browser.keys,
    });
    expect(subscribed.statusCode).toBe(200);
  }
  return { ...member, browsers };
}

const decline = (payoutId: string) =>
  f.admin('PUT', `/api/admin/payout/${payoutId}/status`, { status: 'declined', reason: 'The name does not match' });
const declinedText = {
  title: noticeMessages.payoutDeclinedTitle,
  body: noticeMessages.payoutDeclinedBody('₱200.00', 'The name does not match'),
  url: '/payouts',
};
const subscriptionsOf = (userId: string) =>
  t.database.db.selectFrom('pushSubscriptions').selectAll().where('userId', '=', userId).orderBy('createdAt').execute();

describe('push subscriptions', () => {
  it('gives members the VAPID public key, and nobody else', async () => {
    const member = await f.member();
    expect((await f.as(member.cookie, 'GET', '/api/push/public-key')).json()).toEqual({ publicKey: t.config.vapid?.publicKey });
    expect((await f.as(undefined, 'GET', '/api/push/public-key')).statusCode).toBe(401);
  });

  it('accepts only https endpoints on the browsers’ push services: no internal address, port or credentials', async () => {
    const member = await f.member();
    const { keys } = browserKeys();
    for (const endpoint of [
      'http://127.0.0.1:6379/',
      `${origin.replace('127.0.0.1', 'localhost')}/push`,
      'https://10.0.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
      'https://evilfcm.googleapis.com.example/push',
      `https://fcm.googleapis.com/fcm/send/${'a'.repeat(1000)}`,
      'not a url',
      // One browser's endpoint written another way: an invisible character, spaces, capitals, a default port.
      'https://fcm.googleapis.com/fcm/send/abc:def\u200b',
      ' https://fcm.googleapis.com/fcm/send/abc:def',
      'https://fcm.googleapis.com/fcm/send/abc:def\t',
      'https://FCM.googleapis.com/fcm/send/abc:def',
      'https://fcm.googleapis.com:443/fcm/send/abc:def',
    ]) {
      const refused = await f.as(member.cookie, 'POST', '/api/push/subscriptions', { endpoint, keys });
      expect(refused.statusCode, endpoint).toBe(400);
    }
    const badKeys = await f.as(member.cookie, 'POST', '/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'short', auth: keys.auth },
    });
    expect(badKeys.statusCode).toBe(400);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      expect((await f.as(member.cookie, 'POST', '/api/push/subscriptions', { endpoint, keys })).statusCode, endpoint).toBe(200);
    }
    expect(await subscriptionsOf(member.id)).toHaveLength(4);
    const removed = await f.as(member.cookie, 'POST', '/api/push/subscriptions/remove', { endpoint: 'https://web.push.apple.com/QGx' });
    expect(removed.json()).toEqual({ ok: true });
    expect((await subscriptionsOf(member.id)).map((row) => row.endpoint)).not.toContain('https://web.push.apple.com/QGx');
  });

  it(`keeps the ${PUSH_SUBSCRIPTIONS_PER_MEMBER} browsers a member subscribed last; an endpoint subscribed again moves to who did it`, async () => {
    const member = await f.member();
    const other = await f.member();
    const { keys } = browserKeys();
    const endpoint = (n: number) => `https://fcm.googleapis.com/fcm/send/limit-${member.id}-${n}`;
    for (let n = 0; n <= PUSH_SUBSCRIPTIONS_PER_MEMBER; n++) {
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
      await f.as(member.cookie, 'POST', '/api/push/subscriptions', { endpoint: endpoint(n), keys });
    }
    const kept = (await subscriptionsOf(member.id)).map((row) => row.endpoint);
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    expect(kept).not.toContain(endpoint(0));
    await f.as(other.cookie, 'POST', '/api/push/subscriptions', { endpoint: endpoint(5), keys });
    expect((await subscriptionsOf(other.id)).map((row) => row.endpoint)).toEqual([endpoint(5)]);
    expect(await subscriptionsOf(member.id)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_MEMBER - 1);
  });

  it(`keeps no more than ${PUSH_SUBSCRIPTIONS_PER_MEMBER} browsers when a member subscribes several at once`, async () => {
    const member = await f.member();
    const { keys } = browserKeys();
    let n = 0;
    const subscribe = () =>
      f.as(member.cookie, 'POST', '/api/push/subscriptions', {
        endpoint: `https://fcm.googleapis.com/fcm/send/burst-${member.id}-${n++}`,
        keys,
      });
    for (let filled = 0; filled < PUSH_SUBSCRIPTIONS_PER_MEMBER; filled++) await subscribe();
    // At the cap, three at once, again and again: each must count the others' browsers.
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all([subscribe(), subscribe(), subscribe()]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(await subscriptionsOf(member.id)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    }
  });
});

describe('pushes', () => {
  it('sends a declined payout to every browser of the member, encrypted, carrying exactly the notice', async () => {
    const requester = await subscribedRequester(['/phone', '/laptop']);
    expect((await decline(requester.payoutId)).statusCode).toBe(200);
    for (const browser of requester.browsers) {
      const [push] = await pushesTo(browser.path, 1);
      if (!push) throw new Error(`no push reached ${browser.path}: ${JSON.stringify(counts)}`);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.ttl).toBe('86400');
      expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.config.vapid?.publicKey}$`));
      expect(JSON.parse(decryptPush(push.body, browser.ecdh, browser.auth))).toEqual(declinedText);
    }
    await expect.poll(async () => (await subscriptionsOf(requester.id)).every((row) => row.lastUsedAt !== null)).toBe(true);
  });

  it('removes a subscription its push service says is gone (410 or 404)', async () => {
    const requester = await subscribedRequester(['/gone', '/unknown', '/kept']);
    answers.set('/gone', [410]);
    answers.set('/unknown', [404]);
    expect((await decline(requester.payoutId)).statusCode).toBe(200);
    await pushesTo('/gone', 1);
    await pushesTo('/unknown', 1);
    await expect.poll(async () => (await subscriptionsOf(requester.id)).map((row) => row.endpoint)).toEqual([`${origin}/kept`]);
  });

  it('retries a push the push service failed, with a backoff, until it is delivered', async () => {
    const requester = await subscribedRequester(['/flaky']);
    answers.set('/flaky', [500, 503]);
    expect((await decline(requester.payoutId)).statusCode).toBe(200);
    const attempts = await pushesTo('/flaky', 3);
    expect(attempts).toHaveLength(3);
    const [browser] = requester.browsers;
    if (!browser) throw new Error('one browser');
    expect(JSON.parse(decryptPush(attempts[2]?.body ?? Buffer.alloc(0), browser.ecdh, browser.auth))).toEqual(declinedText);
    expect(warnings).toContainEqual({ subscriptionId: expect.any(String), reason: 'the push service answered 500' });
    expect(JSON.stringify(warnings)).not.toContain(t.config.vapid?.privateKey);
  });

  it('sends nothing for a decision rolled back, and the decision made again is pushed once', async () => {
    const requester = await subscribedRequester(['/rolled-back']);
    // The decline's admin log row fails, so its transaction, notice and push job with it, rolls back.
    await sql`CREATE FUNCTION refuse_admin_log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(
      t.database.db,
    );
    await sql`CREATE TRIGGER refuse_admin_log BEFORE INSERT ON admin_logs FOR EACH ROW EXECUTE FUNCTION refuse_admin_log()`.execute(
      t.database.db,
    );
    try {
      expect((await decline(requester.payoutId)).statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER refuse_admin_log ON admin_logs`.execute(t.database.db);
      await sql`DROP FUNCTION refuse_admin_log()`.execute(t.database.db);
    }
    const jobs = () =>
      sql<{
        count: number;
      }>`SELECT count(*)::int AS count FROM pgboss.job WHERE data->>'subscriptionId' IN (SELECT id FROM push_subscriptions WHERE user_id = ${requester.id})`
        .execute(t.database.db)
        .then((result) => result.rows[0]?.count);
    expect(await jobs()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.filter((push) => push.path === '/rolled-back')).toEqual([]);

    expect((await decline(requester.payoutId)).statusCode).toBe(200);
    expect(await jobs()).toBe(1);
    expect(await pushesTo('/rolled-back', 1)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received.filter((push) => push.path === '/rolled-back')).toHaveLength(1);
  });

  it('counts the attempts by outcome in GET /metrics', async () => {
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const count = (outcome: string) =>
      Number(new RegExp(`pesotasks_push_deliveries_total\\{outcome="${outcome}"\\} (\\d+)`).exec(metrics.body)?.[1]);
    // The tests above: two browsers and one kept (sent), two gone, two failures then one sent, one sent again.
    expect(count('sent')).toBe(5);
    expect(count('gone')).toBe(2);
    expect(count('retried')).toBe(2);
    expect(count('refused')).toBe(0);
  });

  it('ends the pushes of the browser a member signs out on', async () => {
    const requester = await subscribedRequester(['/signed-out']);
    expect(await subscriptionsOf(requester.id)).toHaveLength(1);
    const device = /device=([^;]+)/.exec(requester.cookie)?.[1];
    expect(device).toBeDefined();
    await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: requester.cookie } });
    expect(await subscriptionsOf(requester.id)).toEqual([]);
  });
});
