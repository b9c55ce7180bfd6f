import { FREE_TIER, planName } from '@app/contracts';

/** "FREE" reads as "Free"; a paid tier by its plan's name ("VIP 500"). */
export function tierLabel(tier: string): string {
  return tier === FREE_TIER || tier === '' ? 'Free' : planName(tier);
}
