import { FREE_TIER } from '@app/contracts';

/** "FREE" reads as "Free"; paid tiers are shown by their plan id (e.g. "VIP500"). */
export function tierLabel(tier: string): string {
  return tier === FREE_TIER || tier === '' ? 'Free' : tier;
}
