import { describe, expect, it } from 'vitest';
import { effectiveTier } from '../src/vip/tier';

const vip = { vipTier: 'VIP500', vipExpiresAt: new Date('2026-03-16T00:00:00Z'), vipDailyTaskLimit: 10, vipRewardPerTask: 433 };

describe('effectiveTier', () => {
  it('keeps the copied plan terms while the plan runs', () => {
    expect(effectiveTier(vip, new Date('2026-03-15T23:59:59Z'))).toEqual({
      tier: 'VIP500',
      expiresAt: vip.vipExpiresAt,
      dailyTaskLimit: 10,
      rewardPerTask: 433,
    });
  });

  it('is FREE with 5 tasks from the moment the plan expires', () => {
    expect(effectiveTier(vip, new Date('2026-03-16T00:00:00Z'))).toEqual({
      tier: 'FREE',
      expiresAt: null,
      dailyTaskLimit: 5,
      rewardPerTask: null,
    });
  });

  it('is FREE for a member who never had a plan', () => {
    expect(effectiveTier({ vipTier: 'FREE', vipExpiresAt: null, vipDailyTaskLimit: null, vipRewardPerTask: null }, new Date()).tier).toBe(
      'FREE',
    );
  });
});
