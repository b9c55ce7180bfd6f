import { LIVE_RETRY_AFTER_SECONDS, LIVE_RETRY_MAX_MS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { liveRetryDelayMs } from '../src/trpc';

/*
 * The wait before a refused or shed live stream is asked for again (docs/architecture.md#live-updates): never
 * sooner than the server's Retry-After less a quarter, doubling, never past the ceiling.
 */
describe('the live stream’s retry delay', () => {
  const first = LIVE_RETRY_AFTER_SECONDS * 1_000;

  it('starts at the server’s Retry-After, spread by a quarter either way', () => {
    expect(liveRetryDelayMs(1, () => 0)).toBe(first * 0.75);
    expect(liveRetryDelayMs(1, () => 0.5)).toBe(first);
    expect(liveRetryDelayMs(1, () => 1)).toBe(first * 1.25);
  });

  it('doubles at each try and stops growing at the ceiling', () => {
    expect([2, 3, 4].map((attempts) => liveRetryDelayMs(attempts, () => 0.5))).toEqual([first * 2, first * 4, first * 8]);
    expect(liveRetryDelayMs(50, () => 0.5)).toBe(LIVE_RETRY_MAX_MS);
  });
});
