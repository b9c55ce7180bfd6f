import { FREE_DAILY_TASK_LIMIT, FREE_TIER } from '@app/contracts';
import type { UserRow } from '@app/db';

export interface EffectiveTier {
  tier: string;
  expiresAt: Date | null;
  dailyTaskLimit: number;
  /** Centavos per task under the running plan; null on FREE, where each task pays its own reward. */
  rewardPerTask: number | null;
}

/** VIP expiry is decided when read (docs/product-rules.md#money-and-time): after vipExpiresAt the member is FREE again. */
export function effectiveTier(
  user: Pick<UserRow, 'vipTier' | 'vipExpiresAt' | 'vipDailyTaskLimit' | 'vipRewardPerTask'>,
  now: Date,
): EffectiveTier {
  const active = user.vipTier !== FREE_TIER && user.vipExpiresAt !== null && user.vipExpiresAt > now;
  if (!active) return { tier: FREE_TIER, expiresAt: null, dailyTaskLimit: FREE_DAILY_TASK_LIMIT, rewardPerTask: null };
  return {
    tier: user.vipTier,
    expiresAt: user.vipExpiresAt,
    dailyTaskLimit: user.vipDailyTaskLimit ?? FREE_DAILY_TASK_LIMIT,
    rewardPerTask: user.vipRewardPerTask,
  };
}

/**
 * The first moment after `now` at which one of these members' plans runs out, or null: what a kept view
 * showing their tiers must be read again by, as nothing changes in any row when a plan ends.
 */
export function firstPlanEnd(users: readonly Pick<UserRow, 'vipExpiresAt'>[], now: Date): Date | null {
  let first: Date | null = null;
  for (const { vipExpiresAt } of users) {
    if (vipExpiresAt && vipExpiresAt > now && (first === null || vipExpiresAt < first)) first = vipExpiresAt;
  }
  return first;
}
