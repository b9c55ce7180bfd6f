import { describe, expect, it } from 'vitest';
import { vipPendingWords } from '../src/first-paint';

describe('a waiting VIP request’s words', () => {
  it('names the plan, and the reference with its time once both are known, in the member’s language', () => {
    const status = { pendingVipTier: 'VIP300', pendingSince: '2026-11-22T07:05:00.000Z', pendingReference: '1234567890123' };
    expect(vipPendingWords(status, 'en')).toEqual({ plan: 'VIP 300', sent: { reference: '1234567890123', time: 'Nov 22, 2026, 3:05 PM' } });
    expect(vipPendingWords(status, 'fil').sent?.time).toMatch(/^Nob 22, 2026, 3:05/);
    expect(vipPendingWords({ ...status, pendingReference: null }, 'en')).toEqual({ plan: 'VIP 300' });
    expect(vipPendingWords({ pendingVipTier: null, pendingSince: null, pendingReference: null }, 'en')).toEqual({ plan: null });
  });
});
