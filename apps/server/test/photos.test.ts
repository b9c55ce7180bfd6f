import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { type DiskPhotoReport, moveDiskPhotos, type PhotoLog, type PhotoStore, postgresPhotoStore, s3PhotoStore } from '@app/api';
import { messages, PROFILE_PHOTO_MAX_PIXELS } from '@app/contracts';
import { insertUser } from '@app/db';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../src/config';
import { signIn, startTestApp, type TestApp } from './helpers';
import { EXIF_OWNER, GPS_DATUM, imageOf, largeOf, phonePhoto, photoUpload, pixelBomb, STORED_PHOTO_URL } from './photo-fixtures';

/**
 * Profile photos in the photo store (docs/architecture.md#uploads): decoded, resized and stripped of their
 * metadata by sharp, served with ETag and a year's caching by any instance, kept in the photos table or in
 * an S3 bucket (an emulator on loopback here), and the files of before moved in at start.
 */

let people = 0;
async function member(testApp: TestApp) {
  const email = `photo${++people}@example.com`;
  const cookie = await signIn(testApp.app, email);
  const user = await testApp.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { cookie, userId: user.id };
}

async function uploaded(testApp: TestApp, cookie: string, content: Buffer): Promise<string> {
  const response = await testApp.app.inject(photoUpload(cookie, content));
  expect(response.statusCode, response.body).toBe(200);
  const { profileImageUrl } = response.json();
  expect(profileImageUrl).toMatch(STORED_PHOTO_URL);
  return profileImageUrl;
}

/** The colour of one pixel, as [r, g, b]. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]) => r! < 60 && g! < 60 && b! > 200;

describe('photos in PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    // A second instance on the same database, with its own (empty) DATA_DIR.
    b = await startTestApp({}, { database: a.database, config: a.config });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  describe('what is stored', () => {
    let original: Buffer;
    let small: Buffer;
    let large: Buffer;
    beforeAll(async () => {
      original = await phonePhoto();
      const { cookie } = await member(a);
      const url = await uploaded(a, cookie, original);
      small = (await a.app.inject(url)).rawPayload;
      large = (await a.app.inject(largeOf(url))).rawPayload;
    });

    it('keeps no EXIF: neither the owner nor the GPS position the phone wrote', async () => {
      // The upload did carry them.
      const sent = await sharp(original).metadata();
      expect(sent.exif?.length).toBeGreaterThan(0);
      expect(sent.orientation).toBe(6);
      expect(original.includes(GPS_DATUM)).toBe(true);
      expect(original.includes(EXIF_OWNER)).toBe(true);

      for (const stored of [small, large]) {
        const read = await sharp(stored).metadata();
        expect(read.format).toBe('webp');
        expect(read.exif).toBeUndefined();
        expect(read.xmp).toBeUndefined();
        expect(read.iptc).toBeUndefined();
        expect(read.icc).toBeUndefined();
        expect(read.orientation).toBeUndefined();
        // Not a byte of it, however a reader might look: no EXIF chunk, no GPS datum, no owner.
        for (const text of ['EXIF', 'Exif', GPS_DATUM, EXIF_OWNER]) expect(stored.includes(text), text).toBe(false);
      }
    });

    it('turns the photo upright by its EXIF orientation, then crops a centred square of 256 and 512 px', async () => {
      // Upright the photo is red above blue; unturned it would be red left of blue.
      for (const [stored, size] of [
        [small, 256],
        [large, 512],
      ] as const) {
        const { width, height } = await sharp(stored).metadata();
        expect({ width, height }).toEqual({ width: size, height: size });
        expect(isRed(await pixel(stored, size / 2, size / 8))).toBe(true);
        expect(isBlue(await pixel(stored, size / 2, (size * 7) / 8))).toBe(true);
        expect(isRed(await pixel(stored, size / 8, (size * 7) / 8))).toBe(false);
      }
    });

    it('keeps the first frame of an animated GIF', async () => {
      const frame = (color: string) =>
        sharp({ create: { width: 20, height: 20, channels: 3, background: color } })
          .png()
          .toBuffer();
      const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
        .gif({ delay: [100, 100], loop: 0 })
        .toBuffer();
      expect((await sharp(gif).metadata()).pages).toBe(2);
      const { cookie } = await member(a);
      const stored = (await a.app.inject(await uploaded(a, cookie, gif))).rawPayload;
      const read = await sharp(stored).metadata();
      expect(read.pages ?? 1).toBe(1);
      expect(isRed(await pixel(stored, 128, 128))).toBe(true);
    });
  });

  describe('serving', () => {
    let url: string;
    beforeAll(async () => {
      const { cookie } = await member(a);
      url = await uploaded(a, cookie, await imageOf('png'));
    });

    it('answers the bytes with an ETag, a year of caching, nosniff and the security headers', async () => {
      const served = await a.app.inject(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(served.headers['content-security-policy']).toContain("default-src 'self'");
      expect(served.headers.etag).toMatch(/^"[\w-]{43}"$/);
      expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
      const head = await a.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers.etag).toBe(served.headers.etag);
    });

    it('answers 304 without the bytes to a browser that holds them', async () => {
      const { etag } = (await a.app.inject(url)).headers;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await a.app.inject({ url, headers: { 'if-none-match': String(ifNoneMatch) } });
        expect(again.statusCode, String(ifNoneMatch)).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect((await a.app.inject({ url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    });

    it('answers a JSON 404 for a photo that is not stored and for a name that is not a photo', async () => {
      const unknown = [
        url.replace(/[0-9a-f]{32}/, '0'.repeat(32)),
        url.replace('-256.', '-300.'),
        url.replace('.webp', '.png'),
        '/uploads/photos/..%2F..%2Fetc%2Fpasswd',
        '/uploads/photos/',
        '/uploads/photos/a/b.webp',
        '/uploads/avatars/0123456789abcdef0123456789abcdef.png',
      ];
      for (const path of unknown) {
        const answer = await a.app.inject(path);
        expect(answer.statusCode, path).toBe(404);
        expect(answer.json(), path).toEqual({ message: messages.common.notFound, code: 'NOT_FOUND' });
      }
    });
  });

  it('serves on instance B, bytes and ETag alike, the photo uploaded on A; a replacement on B removes it for both', async () => {
    const { cookie } = await member(a);
    const url = await uploaded(a, cookie, await imageOf('jpeg', '#345'));
    for (const path of [url, largeOf(url)]) {
      const [onA, onB] = [await a.app.inject(path), await b.app.inject(path)];
      expect(onB.statusCode).toBe(200);
      expect(onB.rawPayload.equals(onA.rawPayload)).toBe(true);
      expect(onB.headers.etag).toBe(onA.headers.etag);
      expect((await b.app.inject({ url: path, headers: { 'if-none-match': String(onA.headers.etag) } })).statusCode).toBe(304);
    }
    const replaced = await uploaded(b, cookie, await imageOf('png', '#543'));
    for (const app of [a, b]) {
      expect((await app.app.inject(url)).statusCode).toBe(404);
      expect((await app.app.inject(replaced)).statusCode).toBe(200);
    }
  });

  it('takes a photo of 24 megapixels and refuses one a row more, and one of 40, small on disk as all are, storing nothing', async () => {
    const { cookie } = await member(a);
    const count = async () =>
      (await a.database.db.selectFrom('photos').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    expect(4_898 * 4_898).toBeLessThanOrEqual(PROFILE_PHOTO_MAX_PIXELS);
    expect(4_899 * 4_899).toBeGreaterThan(PROFILE_PHOTO_MAX_PIXELS);
    for (const side of [4_899, 6_325]) {
      const over = await a.app.inject(photoUpload(cookie, pixelBomb(side)));
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({ message: messages.profile.tooManyPixels, code: 'BAD_REQUEST' });
    }
    expect(messages.profile.tooManyPixels).toBe('Image too large: at most 24 megapixels');
    expect(await count()).toBe(before);
    await uploaded(a, cookie, pixelBomb(4_898));
  });

  describe('moving the photos of before from disk at start', () => {
    const logged: Array<{ level: string; details: object; message: string }> = [];
    const log: PhotoLog = {
      info: (details, message) => logged.push({ level: 'info', details, message }),
      warn: (details, message) => logged.push({ level: 'warn', details, message }),
    };
    const avatars = () => path.join(a.config.DATA_DIR, 'uploads', 'avatars');
    const deps = () => ({
      db: a.database.db,
      photos: postgresPhotoStore(a.database.db),
      photoDecoder: a.deps.photoDecoder,
      uploadsDir: path.join(a.config.DATA_DIR, 'uploads'),
    });

    /** A member whose profile names a file under DATA_DIR/uploads/avatars, as uploads did before the store. */
    async function memberWithDiskPhoto(content: Buffer | null, extension = 'png') {
      const user = await insertUser(a.database.db, { email: `disk${++people}@example.com` });
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await mkdir(avatars(), { recursive: true });
      if (content) await writeFile(path.join(avatars(), name), content);
      const url = `/uploads/avatars/${name}`;
      await a.database.db.updateTable('users').set({ profileImageUrl: url }).where('id', '=', user.id).execute();
      return { userId: user.id, url, file: path.join(avatars(), name) };
    }
    const urlOf = async (userId: string) =>
      (await a.database.db.selectFrom('users').select('profileImageUrl').where('id', '=', userId).executeTakeFirstOrThrow())
        .profileImageUrl;

    it('stores each file as an upload would, changes the URL, removes the file; leaves a missing or broken one as it is', async () => {
      const photo = await memberWithDiskPhoto(await phonePhoto(), 'jpg');
      const missing = await memberWithDiskPhoto(null);
      const broken = await memberWithDiskPhoto(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]), 'jpg');

      const report = await moveDiskPhotos(deps(), log);
      expect(report).toEqual({ moved: 1, missing: 1, failed: 1 } satisfies DiskPhotoReport);

      const moved = await urlOf(photo.userId);
      expect(moved).toMatch(STORED_PHOTO_URL);
      expect(existsSync(photo.file)).toBe(false);
      for (const app of [a, b]) {
        const served = await app.app.inject(moved!);
        expect(served.statusCode).toBe(200);
        expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
      }
      expect(await urlOf(missing.userId)).toBe(missing.url);
      expect(await urlOf(broken.userId)).toBe(broken.url);
      expect(existsSync(broken.file)).toBe(true);
      expect(logged.map(({ level, message }) => `${level}: ${message}`)).toEqual([
        'warn: profile photo file not on this disk: its URL is left as it is',
        'warn: profile photo file could not be moved to the photo store: file and URL left as they are',
        'info: profile photos on disk moved to the photo store',
      ]);
      expect(logged.at(-1)?.details).toEqual({ moved: 1, missing: 1, failed: 1, store: 'database' });

      // Again: nothing moves twice.
      expect(await moveDiskPhotos(deps(), log)).toEqual({ moved: 0, missing: 1, failed: 1 });
      expect(await urlOf(photo.userId)).toBe(moved);
    });

    it('moves a file once when two instances start together, leaving no second copy stored', async () => {
      await a.database.db
        .updateTable('users')
        .set({ profileImageUrl: null })
        .where('profileImageUrl', 'like', '/uploads/avatars/%')
        .execute();
      const photo = await memberWithDiskPhoto(await imageOf('gif'), 'gif');
      const count = async () =>
        (await a.database.db.selectFrom('photos').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
      const before = await count();
      const reports = await Promise.all([moveDiskPhotos(deps(), log), moveDiskPhotos(deps(), log)]);
      expect(reports.reduce((sum, report) => sum + report.moved, 0)).toBe(1);
      expect(await urlOf(photo.userId)).toMatch(STORED_PHOTO_URL);
      expect(await count()).toBe(before + 2);
      expect(existsSync(photo.file)).toBe(false);
    });
  });
});

describe('photos in an S3 bucket (S3_URL, against an S3 emulator on loopback)', () => {
  const BUCKET = 'pesotasks-photos';
  let emulator: S3rver;
  let directory: string;
  let endpoint: string;
  let s3Url: string;
  let store: PhotoStore;

  /** The keys in the bucket, read over the emulator's HTTP API as any S3 client would list them. */
  async function keysInBucket(): Promise<string[]> {
    const listing = await (await fetch(`${endpoint}/${BUCKET}?list-type=2`)).text();
    return [...listing.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]!).sort();
  }

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 's3-emulator-'));
    emulator = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    const { port } = await emulator.run();
    endpoint = `http://127.0.0.1:${port}`;
    // The emulator takes any key pair; S3RVER is its documented one.
    s3Url = `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${BUCKET}/avatars?region=ap-southeast-1`;
    store = await s3PhotoStore(loadConfig({ NODE_ENV: 'test', S3_URL: s3Url }).S3_URL!);
  });
  afterAll(async () => {
    await store?.close?.();
    await emulator?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('puts, gets and deletes objects under the URL’s folder', async () => {
    const bytes = await imageOf('webp');
    await store.put('0123456789abcdef0123456789abcdef-256.webp', bytes, 'image/webp');
    expect(await keysInBucket()).toContain('avatars/0123456789abcdef0123456789abcdef-256.webp');
    const got = await store.get('0123456789abcdef0123456789abcdef-256.webp');
    expect(got).not.toBeNull();
    expect(Buffer.from(got!.bytes).equals(bytes)).toBe(true);
    expect(got!.contentType).toBe('image/webp');
    expect(got!.etag).toMatch(/^".+"$/);
    await store.delete('0123456789abcdef0123456789abcdef-256.webp');
    expect(await store.get('0123456789abcdef0123456789abcdef-256.webp')).toBeNull();
    expect(await keysInBucket()).toEqual([]);
    // Deleting what is not there is no error, as for the photos table.
    await store.delete('0123456789abcdef0123456789abcdef-256.webp');
  });

  it('fails loudly on a bucket that does not exist, rather than answering "no photo"', async () => {
    const wrong = await s3PhotoStore(loadConfig({ NODE_ENV: 'test', S3_URL: s3Url.replace(BUCKET, 'no-such-bucket') }).S3_URL!);
    try {
      await expect(wrong.get('0123456789abcdef0123456789abcdef-256.webp')).rejects.toThrow();
    } finally {
      await wrong.close?.();
    }
  });

  describe('through the server with S3_URL set', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await startTestApp({ S3_URL: s3Url });
      b = await startTestApp({ S3_URL: s3Url }, { database: a.database, config: a.config });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('stores an upload in the bucket, not the table, and serves it from either instance with ETag and 304', async () => {
      const { cookie } = await member(a);
      const url = await uploaded(a, cookie, await phonePhoto());
      const name = url.split('/').pop()!;
      expect(await keysInBucket()).toEqual([`avatars/${largeOf(name)}`, `avatars/${name}`].sort());
      expect(await a.database.db.selectFrom('photos').select('key').execute()).toEqual([]);
      const [onA, onB] = [await a.app.inject(url), await b.app.inject(url)];
      expect(onA.statusCode).toBe(200);
      expect(onA.headers['content-type']).toBe('image/webp');
      expect(onA.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(onB.rawPayload.equals(onA.rawPayload)).toBe(true);
      expect(onB.headers.etag).toBe(onA.headers.etag);
      expect((await b.app.inject({ url, headers: { 'if-none-match': String(onA.headers.etag) } })).statusCode).toBe(304);
      expect((await sharp(onB.rawPayload).metadata()).exif).toBeUndefined();

      // A replacement removes the old objects; a replacement whose row update fails leaves none of its own.
      const replaced = await uploaded(b, cookie, await imageOf('png'));
      expect((await a.app.inject(url)).statusCode).toBe(404);
      const keys = await keysInBucket();
      expect(keys).toEqual([`avatars/${largeOf(replaced.split('/').pop()!)}`, `avatars/${replaced.split('/').pop()}`].sort());
      await sql`CREATE FUNCTION refuse_photo() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'photo refused by the test'; END $$`.execute(a.database.db);
      await sql`CREATE TRIGGER refuse_photo BEFORE UPDATE OF profile_image_url ON users FOR EACH ROW EXECUTE FUNCTION refuse_photo()`.execute(
        a.database.db,
      );
      try {
        expect((await a.app.inject(photoUpload(cookie, await imageOf('gif')))).statusCode).toBe(500);
      } finally {
        await sql`DROP TRIGGER refuse_photo ON users`.execute(a.database.db);
        await sql`DROP FUNCTION refuse_photo()`.execute(a.database.db);
      }
      expect(await keysInBucket()).toEqual(keys);
      expect((await a.app.inject(replaced)).statusCode).toBe(200);
    });

    it('moves the photos of before from disk into the bucket', async () => {
      const user = await insertUser(a.database.db, { email: `s3disk${++people}@example.com` });
      const folder = path.join(a.config.DATA_DIR, 'uploads', 'avatars');
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, 'feedfacefeedfacefeedfacefeedface.png'), await imageOf('png'));
      await a.database.db
        .updateTable('users')
        .set({ profileImageUrl: '/uploads/avatars/feedfacefeedfacefeedfacefeedface.png' })
        .where('id', '=', user.id)
        .execute();
      const quiet: PhotoLog = { info: () => undefined, warn: () => undefined };
      const report = await moveDiskPhotos(
        { db: a.database.db, photos: store, photoDecoder: a.deps.photoDecoder, uploadsDir: path.join(a.config.DATA_DIR, 'uploads') },
        quiet,
      );
      expect(report.moved).toBe(1);
      const { profileImageUrl } = await a.database.db
        .selectFrom('users')
        .select('profileImageUrl')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(profileImageUrl).toMatch(STORED_PHOTO_URL);
      expect((await b.app.inject(profileImageUrl!)).statusCode).toBe(200);
      expect(await keysInBucket()).toContain(`avatars/${profileImageUrl!.split('/').pop()}`);
    });
  });
});

describe('S3_URL', () => {
  const s3 = (value: string): Config['S3_URL'] => loadConfig({ NODE_ENV: 'test', S3_URL: value }).S3_URL;

  it('reads endpoint, bucket, folder, region, path style and the keys, %-encoded ones included', () => {
    expect(s3('s3://AKIA:se%2Fcr%40et@s3.eu-west-1.amazonaws.com/photos?region=eu-west-1&forcePathStyle=false')).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      bucket: 'photos',
      prefix: '',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'se/cr@et' },
    });
    expect(s3('s3+http://127.0.0.1:9000/my.bucket/site/avatars/')).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'my.bucket',
      prefix: 'site/avatars/',
      forcePathStyle: true,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).S3_URL).toBeUndefined();
  });

  it.each([
    ['https://host/bucket', 'must start with s3:// or s3+http://'],
    ['s3://host', '"" is not a bucket name'],
    ['s3://host/Bad_Bucket', '"Bad_Bucket" is not a bucket name'],
    ['s3://key@host/bucket', 'give both the access key and the secret key, or neither'],
    ['s3://host/bucket?regoin=eu-west-1', 'unknown parameter regoin'],
    ['s3://host/bucket?forcePathStyle=yes', 'forcePathStyle must be true or false'],
    ['s3://host/bucket#x', 'has a #fragment'],
    ['not a url', 'not a URL'],
  ])('refuses %s, naming S3_URL', (value, problem) => {
    expect(() => loadConfig({ NODE_ENV: 'test', S3_URL: value })).toThrow(`S3_URL: ${problem}`);
  });

  it('never repeats the secret in its refusal', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', S3_URL: 's3://AKIA:very-secret@host/Bad_Bucket' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('very-secret') }),
    );
  });
});
