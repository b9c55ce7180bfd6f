import { createPhotoDecoder } from '@app/api';
import { messages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { signIn, testAppOfFile } from './helpers';
import { photoUpload, pixelBomb } from './photo-fixtures';

/** 24 megapixels of one colour in a few KB: a decode of about a fifth of a second, whatever the machine. */
const LARGEST = pixelBomb(4_898);

/** How each call ended: 'stored', or the refusal's code and text. */
async function outcomes(calls: Array<Promise<unknown>>) {
  return (await Promise.allSettled(calls)).map((settled) =>
    settled.status === 'fulfilled' ? 'stored' : `${(settled.reason as { code: string }).code}: ${(settled.reason as Error).message}`,
  );
}

const BUSY = `SERVICE_UNAVAILABLE: ${messages.profile.busy}`;
const TOO_MANY_PIXELS = `BAD_REQUEST: ${messages.profile.tooManyPixels}`;

describe('photo decodes on one instance', () => {
  it('run at most `concurrency` at once, and refuse what the queue cannot hold', async () => {
    const decode = createPhotoDecoder({ concurrency: 2, queue: 0, timeoutSeconds: 10 });
    const results = await outcomes(Array.from({ length: 6 }, () => decode(LARGEST)));
    expect(results.filter((result) => result === 'stored')).toHaveLength(2);
    expect(results.filter((result) => result === BUSY)).toHaveLength(4);
    // Every slot is free again once they ended.
    expect(await outcomes([decode(LARGEST), decode(LARGEST)])).toEqual(['stored', 'stored']);
  }, 20_000);

  it('let uploads wait in a bounded queue, in turn', async () => {
    const decode = createPhotoDecoder({ concurrency: 1, queue: 2, timeoutSeconds: 10 });
    const results = await outcomes(Array.from({ length: 5 }, () => decode(LARGEST)));
    expect(results.filter((result) => result === 'stored')).toHaveLength(3);
    expect(results.filter((result) => result === BUSY)).toHaveLength(2);
  }, 20_000);

  it('refuse a photo of 40 megapixels from its header, before it waits for a decode', async () => {
    const decode = createPhotoDecoder({ concurrency: 1, queue: 0, timeoutSeconds: 10 });
    const results = await outcomes([decode(LARGEST), decode(pixelBomb(6_325)), decode(LARGEST), decode(pixelBomb(6_325))]);
    expect(results.filter((result) => result === 'stored')).toHaveLength(1);
    expect(results.filter((result) => result === BUSY)).toHaveLength(1);
    expect([results[1], results[3]]).toEqual([TOO_MANY_PIXELS, TOO_MANY_PIXELS]);
  }, 20_000);
});

describe('the upload when every decode is taken', () => {
  const t = testAppOfFile({ PHOTO_DECODE_CONCURRENCY: '1', PHOTO_DECODE_QUEUE: '0', PHOTO_DECODE_TIMEOUT_SECONDS: '7' });

  it('answers 503 with Retry-After and the catalogue text, and takes the photo once a decode is free', async () => {
    const cookies = await Promise.all([1, 2, 3].map((n) => signIn(t.app, `decodes-${n}@example.com`)));
    const answers = await Promise.all(cookies.map((cookie) => t.app.inject(photoUpload(cookie, LARGEST))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 503, 503]);
    for (const busy of answers.filter((answer) => answer.statusCode === 503)) {
      expect(busy.json()).toEqual({ message: messages.profile.busy, code: 'SERVICE_UNAVAILABLE' });
      expect(busy.headers['retry-after']).toBe('7');
    }
    const refused = answers.findIndex((answer) => answer.statusCode === 503);
    expect((await t.app.inject(photoUpload(cookies[refused]!, LARGEST))).statusCode).toBe(200);
  }, 20_000);
});
