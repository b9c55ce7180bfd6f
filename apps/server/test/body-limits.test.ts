import { readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { messages } from '@app/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PHOTO_PATH } from '../src/rest/upload';
import { adminFixtures } from './admin-fixtures';
import { takeSnapshot } from './db-snapshot';
import { startTestApp, type TestApp } from './helpers';

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

describe('profile photo type from its bytes', () => {
  /** A genuine 1x1 PNG: signature, IHDR, one IDAT of a transparent pixel, IEND (CRCs are not checked here, zeros will do). */
  function tinyPng(): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
    };
    const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0, 0]))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
  const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
  const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

  const upload = (cookie: string, content: Buffer, filename: string, type: string): InjectOptions => {
    const boundary = '----limits-boundary';
    return {
      method: 'POST',
      url: UPLOAD_PHOTO_PATH,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="profilePhoto"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    };
  };
  const storedPhotos = () => {
    try {
      return readdirSync(path.join(t.config.DATA_DIR, 'uploads', 'avatars'));
    } catch {
      return [];
    }
  };

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
  ];

  it.each(NOT_IMAGES)('refuses %s whatever its name and content type', async (_name, content, filename, type) => {
    const photosBefore = storedPhotos();
    await expectRefused(upload(member.cookie, content, filename, type), 400, {
      message: messages.profile.invalidFileType,
      code: 'BAD_REQUEST',
    });
    expect(storedPhotos()).toEqual(photosBefore);
  });

  it.each([
    ['a real PNG named .txt', tinyPng(), 'notes.txt', 'text/plain', 'png'],
    ['a real GIF sent as octet-stream', GIF, 'x', 'application/octet-stream', 'gif'],
    ['a real WebP named .png', WEBP, 'photo.png', 'image/png', 'webp'],
  ])('accepts %s and names it by its bytes', async (_name, content, filename, type, extension) => {
    // A member of its own: the refusals above spent most of the first member's hourly uploads.
    const { cookie } = await fixtures.member();
    const response = await t.app.inject(upload(cookie, content, filename, type));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profileImageUrl).toMatch(new RegExp(`^/uploads/avatars/[0-9a-f]{32}\\.${extension}$`));
    const served = await t.app.inject(response.json().profileImageUrl);
    expect(served.rawPayload.equals(content)).toBe(true);
  });
});
