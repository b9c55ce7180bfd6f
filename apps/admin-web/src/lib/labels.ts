import { FREE_TIER, planName } from '@app/contracts';

/** A tier as the admin lists show it: an empty tier or FREE is a regular account (docs/screens.md#records), a plan by its name. */
export function tierLabel(tier: string | null | undefined): string {
  return !tier || tier === FREE_TIER ? 'Regular' : planName(tier);
}

/** The first characters of an id: enough to tell rows apart; the full id is in the cell's title. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}
