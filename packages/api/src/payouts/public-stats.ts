import type { PayoutStats } from '@app/contracts';
import type { Db } from '@app/db';
import { payoutStats } from './service';

/** How long the public payout figures are kept before they are counted again. */
export const PUBLIC_STATS_SECONDS = 60;
const publicStats = new WeakMap<Db, { until: number; stats: Promise<PayoutStats> }>();

/** The public figures, counted at most once a minute per instance however many visitors ask. */
export function readPublicPayoutStats(db: Db, now: Date): Promise<PayoutStats> {
  const cached = publicStats.get(db);
  if (cached && cached.until > now.getTime()) return cached.stats;
  const stats = payoutStats(db, now);
  publicStats.set(db, { until: now.getTime() + PUBLIC_STATS_SECONDS * 1000, stats });
  stats.catch(() => publicStats.delete(db));
  return stats;
}
