import { describe, expect, it } from 'vitest';
import { VIP_VALIDITY_DAYS } from '../src/constants';
import { planEarningsCentavos } from '../src/vip-plans';

describe('planEarningsCentavos', () => {
  it('is the reward per task times the daily tasks times the plan days', () => {
    expect(VIP_VALIDITY_DAYS).toBe(15);
    // ₱5.00 x 10 tasks x 15 days.
    expect(planEarningsCentavos({ rewardPerTask: '5.00', dailyTaskLimit: 10 })).toBe(75_000);
    // ₱2.35 x 7 tasks x 15 days, in whole centavos.
    expect(planEarningsCentavos({ rewardPerTask: '2.35', dailyTaskLimit: 7 })).toBe(24_675);
  });

  it('is nothing for a plan without tasks or without a readable reward', () => {
    expect(planEarningsCentavos({ rewardPerTask: '5.00', dailyTaskLimit: 0 })).toBe(0);
    expect(planEarningsCentavos({ rewardPerTask: 'five', dailyTaskLimit: 10 })).toBe(0);
  });
});
