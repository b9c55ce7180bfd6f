import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { browserTraits, hashTraits, type TraitSource } from '../src/device-traits';

/** A phone as the member app reads it. */
const phone = (changes: Partial<TraitSource> = {}): TraitSource => ({
  navigator: {
    userAgent: 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36',
    platform: 'Linux armv81',
    languages: ['en-PH', 'fil'],
    hardwareConcurrency: 8,
    maxTouchPoints: 5,
    deviceMemory: 4,
  },
  screen: { width: 412, height: 915, colorDepth: 24 },
  devicePixelRatio: 2.625,
  timeZone: 'Asia/Manila',
  canvas: () => 'data:image/png;base64,iVBORw0KGgo=',
  webglRenderer: () => 'Mali-G57 MC2',
  ...changes,
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the browser traits', () => {
  it('are the documented list, in its order', () => {
    expect(browserTraits(phone())).toEqual([
      ['userAgent', 'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36'],
      ['platform', 'Linux armv81'],
      ['languages', 'en-PH,fil'],
      ['timeZone', 'Asia/Manila'],
      ['screen', '915x412'],
      ['colorDepth', '24'],
      ['devicePixelRatio', '2.625'],
      ['hardwareConcurrency', '8'],
      ['deviceMemory', '4'],
      ['maxTouchPoints', '5'],
      ['canvas', 'data:image/png;base64,iVBORw0KGgo='],
      ['webglRenderer', 'Mali-G57 MC2'],
    ]);
  });

  it('read a turned phone as the same screen, and a browser without device memory, canvas or WebGL as empty values', () => {
    expect(browserTraits(phone({ screen: { width: 915, height: 412, colorDepth: 24 } }))).toEqual(browserTraits(phone()));
    const bare = phone({ canvas: () => null, webglRenderer: () => null });
    const { deviceMemory: _memory, ...withoutMemory } = bare.navigator;
    expect(Object.fromEntries(browserTraits({ ...bare, navigator: withoutMemory }))).toMatchObject({
      deviceMemory: '',
      canvas: '',
      webglRenderer: '',
    });
  });
});

describe('the traits hash', () => {
  it('is the SHA-256 of the traits as JSON, in 64 lowercase hex digits', async () => {
    const hash = await hashTraits(phone());
    expect(hash).toBe(sha256(JSON.stringify(browserTraits(phone()))));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any trait, and stays with what is not one', async () => {
    const base = await hashTraits(phone());
    expect(await hashTraits(phone({ timeZone: 'Asia/Singapore' }))).not.toBe(base);
    expect(await hashTraits(phone({ webglRenderer: () => 'Adreno 610' }))).not.toBe(base);
    expect(await hashTraits(phone({ screen: { width: 915, height: 412, colorDepth: 24 } }))).toBe(base);
  });

  it('is none where the page has no crypto.subtle, or a trait cannot be read', async () => {
    expect(await hashTraits(phone(), null)).toBeNull();
    const broken = phone({
      canvas: () => {
        throw new Error('canvas blocked');
      },
    });
    expect(await hashTraits(broken)).toBeNull();
  });
});
