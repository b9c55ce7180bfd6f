import { LIVE_POSITION_HEADER } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { FirstReadPosition } from '../src/first-read';

const answer = (position?: string) => new Response('[]', { headers: position ? { [LIVE_POSITION_HEADER]: position } : {} });

describe('the position of the first read', () => {
  it("is the first call's, even when a later call answers first", async () => {
    const firstRead = new FirstReadPosition();
    let answerFirst: (response: Response) => void = () => undefined;
    void firstRead.watch(new Promise((resolve) => (answerFirst = resolve)));
    await firstRead.watch(Promise.resolve(answer('0000aaaa-later')));
    answerFirst(answer('0000aaaa-first'));
    expect(await firstRead.position).toBe('0000aaaa-first');
  });

  it('is none when the first call failed or carried none, so the stream starts with resync', async () => {
    const failed = new FirstReadPosition();
    await failed.watch(Promise.reject(new TypeError('offline'))).catch(() => undefined);
    expect(await failed.position).toBeNull();
    const without = new FirstReadPosition();
    await without.watch(Promise.resolve(answer()));
    expect(await without.position).toBeNull();
  });

  it("is the page's own when the server wrote one into it, older than any call's", async () => {
    const firstRead = new FirstReadPosition('0000aaaa-page');
    await firstRead.watch(Promise.resolve(answer('0000aaaa-call')));
    expect(await firstRead.position).toBe('0000aaaa-page');
  });
});
