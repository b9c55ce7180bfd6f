import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { messages } from '@app/contracts';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PHOTO_PATH } from '../src/rest/upload';
import { adminFixtures } from './admin-fixtures';
import { takeSnapshot } from './db-snapshot';
import { startTestApp, type TestApp } from './helpers';
import { imageOf, photoUpload, pixelBomb, STORED_PHOTO_URL } from './photo-fixtures';

/**
 * The body limits (1 MB of JSON, 5 MB of photo) and the photo's type read from its bytes. The 5 MB
 * upload refusal and a renamed script are covered in member-money.test.ts; these are the other cases.
 */

let t: TestApp;
let fixtures: Awaited<ReturnType<typeof adminFixtures>>;
let member: { cookie: string; id: string };

beforeAll(async () => {
  t = await startTestApp();
  fixtures = await adminFixtures(t, 'limits');
  member = await fixtures.member({ balance: 100_000 });
});
afterAll(async () => {
  await t.close();
});

/** Sends a call and checks it was refused with `status` and a `{message, code}` body, the database untouched. */
async function expectRefused(request: InjectOptions, status: number, expected: { message: string; code: string }) {
  const before = await takeSnapshot(t.database.db);
  const response = await t.app.inject(request);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  expect(response.json()).toEqual(expected);
  expect(await takeSnapshot(t.database.db)).toEqual(before);
}

describe('JSON bodies over 1 MB', () => {
  const TOO_LARGE = { message: messages.common.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' };
  const overLimit = JSON.stringify({ message: 'x'.repeat(1024 * 1024) });
  const json = (url: string, payload: string): InjectOptions => ({
    method: 'POST',
    url,
    headers: { cookie: member.cookie, 'content-type': 'application/json' },
    payload,
  });

  it('answers 413 on a REST path', async () => {
    await expectRefused(json('/api/support/messages', overLimit), 413, TOO_LARGE);
  });

  it('answers 413 on a tRPC procedure and on a tRPC batch', async () => {
    await expectRefused(json('/trpc/support.send', overLimit), 413, TOO_LARGE);
    const batch = JSON.stringify({ 0: JSON.parse(overLimit) });
    await expectRefused(json('/trpc/support.send,support.send?batch=1', batch), 413, TOO_LARGE);
  });

  it('answers 413 before looking at the content type or the route', async () => {
    await expectRefused({ ...json(UPLOAD_PHOTO_PATH, overLimit) }, 413, TOO_LARGE);
    const text: InjectOptions = {
      ...json('/api/support/messages', overLimit),
      headers: { cookie: member.cookie, 'content-type': 'text/plain' },
    };
    await expectRefused(text, 413, TOO_LARGE);
  });

  it('still takes a body just under the limit', async () => {
    const response = await t.app.inject(json('/api/support/messages', JSON.stringify({ message: 'ok', padding: ' '.repeat(1000 * 1000) })));
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('profile photo type from its bytes, decoded by sharp', () => {
  // expectRefused also finds the photos table as it was: a refused photo stores nothing.
  const upload = photoUpload;

  const NOT_IMAGES: Array<[string, Buffer, string, string]> = [
    ['HTML named photo.png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.png', 'image/png'],
    [
      'SVG with a script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
      'photo.svg',
      'image/svg+xml',
    ],
    ['SVG named as a PNG', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'photo.png', 'image/png'],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d]), 'photo.png', 'image/png'],
    ['an empty file', Buffer.alloc(0), 'photo.png', 'image/png'],
    ['a PDF named photo.jpg', Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'photo.jpg', 'image/jpeg'],
    ['a RIFF file that is not WebP', Buffer.from('RIFF\u0024\u0000\u0000\u0000WAVEfmt '), 'photo.webp', 'image/webp'],
    ['a GIF signature of another version', Buffer.from('GIF88a\u0001\u0000\u0001\u0000'), 'photo.gif', 'image/gif'],
    [
      'a JPEG signature followed by zeros',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]),
      'photo.jpg',
      'image/jpeg',
    ],
  ];

  it.each(NOT_IMAGES)('refuses %s whatever its name and content type', async (_name, content, filename, type) => {
    await expectRefused(upload(member.cookie, content, filename, type), 400, {
      message: messages.profile.invalidFileType,
      code: 'BAD_REQUEST',
    });
  });

  it('refuses a real PNG cut short after its header, and a PNG that is a JPEG inside', async () => {
    const { cookie } = await fixtures.member();
    const png = await imageOf('png', '#123', 400, 300);
    const jpeg = await imageOf('jpeg');
    const cut = png.subarray(0, Math.floor(png.length / 2));
    const jpegAsPng = Buffer.concat([png.subarray(0, 8), jpeg]);
    for (const content of [cut, jpegAsPng]) {
      await expectRefused(upload(cookie, content, 'photo.png', 'image/png'), 400, {
        message: messages.profile.invalidFileType,
        code: 'BAD_REQUEST',
      });
    }
  });

  it('refuses a decompression bomb (100 megapixels in 12 KB) before decoding its pixels', async () => {
    const { cookie } = await fixtures.member();
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(20_000);
    const started = performance.now();
    await expectRefused(upload(cookie, bomb, 'bomb.png', 'image/png'), 400, {
      message: messages.profile.tooManyPixels,
      code: 'BAD_REQUEST',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it.each([
    ['a real PNG named .txt', 'png', 'notes.txt', 'text/plain'],
    ['a real GIF sent as octet-stream', 'gif', 'x', 'application/octet-stream'],
    ['a real WebP named .png', 'webp', 'photo.png', 'image/png'],
    ['a real JPEG named .gif', 'jpeg', 'photo.gif', 'image/gif'],
  ] as const)('accepts %s by its bytes and stores it as WebP', async (_name, format, filename, type) => {
    // A member of its own: the refusals above spent most of the first member's hourly uploads.
    const { cookie } = await fixtures.member();
    const response = await t.app.inject(upload(cookie, await imageOf(format), filename, type));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profileImageUrl).toMatch(STORED_PHOTO_URL);
    const served = await t.app.inject(response.json().profileImageUrl);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });
});

/**
 * A body's type and size are judged from the headers, before any of it is read: the answer arrives while
 * the client has sent only its first bytes, and the socket closes so the rest is never taken in. Over a
 * real socket, since inject hands the server the whole body at once.
 */
describe('bodies refused before they are read', () => {
  const TWENTY_MB = 20 * 1024 * 1024;
  const HALF_MB = 512 * 1024;
  const CHUNK = Buffer.alloc(64 * 1024, 'a');
  let port: number;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /**
   * Sends the request head and one 64 KB chunk, then keeps sending the declared body in 64 KB chunks
   * only if no answer has come within `patienceMs`. Resolves with the answer's status line, the bytes
   * sent before it and whether the server closed the socket.
   */
  async function sendSlowly(head: string, declared: number, patienceMs = 2000) {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    let sent = 0;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (data) => {
      answer += data.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.write(head);
    socket.write(CHUNK);
    sent += CHUNK.length;
    const deadline = Date.now() + patienceMs;
    while (!answer.includes('\r\n\r\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // A server that waits for the body gets it all: it must then have answered after reading 20 MB.
    while (!answer.includes('\r\n\r\n') && sent < declared && !socket.destroyed) {
      const ok = socket.write(CHUNK);
      sent += CHUNK.length;
      if (!ok) await Promise.race([once(socket, 'drain'), closed]);
    }
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5000))]);
    const status = Number(answer.slice(9, 12));
    socket.destroy();
    return { status, sentBeforeAnswer: sent, closedByServer: answer.includes('\r\n\r\n'), answer };
  }

  const headFor = (path: string, contentType: string, length: number, cookie?: string) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n` +
    `${cookie ? `Cookie: ${cookie}\r\n` : ''}\r\n`;

  it('answers an anonymous 20 MB multipart body to a tRPC procedure with 413 after its first 64 KB', async () => {
    const heapBefore = process.memoryUsage().arrayBuffers;
    const result = await sendSlowly(headFor('/trpc/auth.user', 'multipart/form-data; boundary=x', TWENTY_MB), TWENTY_MB);
    expect(result.status, result.answer.slice(0, 200)).toBe(413);
    expect(result.sentBeforeAnswer).toBe(CHUNK.length);
    expect(result.answer).toContain(messages.common.payloadTooLarge);
    expect(result.closedByServer).toBe(true);
    // Nothing of the body was buffered on the server's side of this process.
    expect(process.memoryUsage().arrayBuffers - heapBefore).toBeLessThan(4 * 1024 * 1024);
  });

  it('answers any body but JSON to a tRPC procedure with 415 after its first 64 KB, whatever its size', async () => {
    for (const type of ['multipart/form-data; boundary=x', 'text/plain', 'application/octet-stream', '']) {
      const result = await sendSlowly(headFor('/trpc/support.send', type, HALF_MB, member.cookie), HALF_MB);
      expect(result.status, type).toBe(415);
      expect(result.sentBeforeAnswer).toBe(CHUNK.length);
      expect(result.answer).toContain(messages.common.unsupportedMediaType);
    }
  });

  it('answers a JSON body that declares more than 1 MB with 413, signed in or not', async () => {
    for (const cookie of [undefined, member.cookie]) {
      const result = await sendSlowly(headFor('/trpc/support.send', 'application/json', TWENTY_MB, cookie), TWENTY_MB);
      expect(result.status).toBe(413);
      expect(result.sentBeforeAnswer).toBe(CHUNK.length);
    }
  });

  it('takes only JSON on every REST path but the photo upload', async () => {
    for (const type of ['multipart/form-data; boundary=x', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const result = await sendSlowly(headFor('/api/payouts', type, HALF_MB, member.cookie), HALF_MB);
      expect(result.status, type).toBe(415);
      expect(result.sentBeforeAnswer).toBe(CHUNK.length);
    }
  });

  it('refuses an anonymous photo upload with 401, and a member’s over 5 MB with 413, before reading it', async () => {
    const anonymous = await sendSlowly(headFor(UPLOAD_PHOTO_PATH, 'multipart/form-data; boundary=x', TWENTY_MB), TWENTY_MB);
    expect(anonymous.status).toBe(401);
    expect(anonymous.sentBeforeAnswer).toBe(CHUNK.length);
    const tooLarge = await sendSlowly(headFor(UPLOAD_PHOTO_PATH, 'multipart/form-data; boundary=x', TWENTY_MB, member.cookie), TWENTY_MB);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.sentBeforeAnswer).toBe(CHUNK.length);
  });

  it('refuses a forged session cookie on the upload like no cookie', async () => {
    const forged = await sendSlowly(headFor(UPLOAD_PHOTO_PATH, 'multipart/form-data; boundary=x', TWENTY_MB, 'session=made-up'), TWENTY_MB);
    expect(forged.status).toBe(401);
    expect(forged.sentBeforeAnswer).toBe(CHUNK.length);
  });
});
