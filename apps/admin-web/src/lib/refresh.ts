import { usePolling } from '@app/client';

/**
 * How often the eleven-tab panel reloads each list, and how long a read counts as fresh (docs/api-conventions.md#calls-the-apps-make
 * and docs/product-rules.md#constants-and-limits). The app's default is never to poll; these lists change under the admin's feet
 * (new sign-ups, requests, payouts), so they refresh themselves.
 */
export const REFRESH = {
  stats: { refetchInterval: 30_000, staleTime: 15_000 },
  users: { refetchInterval: 120_000, staleTime: 60_000 },
  pendingVip: { refetchInterval: 30_000, staleTime: 15_000 },
  payouts: { refetchInterval: 30_000, staleTime: 15_000 },
  transactions: { refetchInterval: 180_000, staleTime: 90_000 },
  plans: { refetchInterval: 120_000, staleTime: 60_000 },
  commissionPayouts: { refetchInterval: 30_000, staleTime: 15_000 },
  commissionStats: { refetchInterval: 60_000, staleTime: 30_000 },
} as const;

/**
 * The refresh of a list the live stream tells of changes (the queues, the counts, the inbox): no polling
 * while the stream is connected, the usual interval while it is not (docs/architecture.md#live-updates).
 */
export function useLiveRefresh<T extends { refetchInterval: number }>(options: T): T & { refetchInterval: number | false } {
  return { ...options, refetchInterval: usePolling(options.refetchInterval) };
}
