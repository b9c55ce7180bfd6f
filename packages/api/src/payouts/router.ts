import { listOrPageInput, type PayoutStats, payoutQueueSchema, payoutRequestInput, payoutSchema, payoutStatsSchema } from '@app/contracts';
import type { Db } from '@app/db';
import { z } from 'zod';
import { answerListOrPage, listOrPage } from '../lib/paging';
import { memberProcedure, moneyProcedure, publicProcedure, router } from '../trpc';
import { countPayouts, listPayouts, payoutQueue, payoutStats, requestPayout } from './service';

const payouts = listOrPage(payoutSchema);

/** How long the public payout figures are kept before they are counted again. */
const PUBLIC_STATS_SECONDS = 60;
const publicStats = new WeakMap<Db, { until: number; stats: Promise<PayoutStats> }>();

/** The public figures, counted at most once a minute per instance however many visitors ask. */
function cachedPayoutStats(db: Db, now: Date): Promise<PayoutStats> {
  const cached = publicStats.get(db);
  if (cached && cached.until > now.getTime()) return cached.stats;
  const stats = payoutStats(db, now);
  publicStats.set(db, { until: now.getTime() + PUBLIC_STATS_SECONDS * 1000, stats });
  stats.catch(() => publicStats.delete(db));
  return stats;
}

export const payoutsRouter = router({
  list: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payouts',
        tags: ['payouts'],
        summary: 'The member’s payout requests, newest first: the latest 1000, or one page',
        protect: true,
      },
    })
    .input(listOrPageInput)
    .output(payouts.output)
    .query(({ ctx, input }) =>
      answerListOrPage(ctx, input, {
        read: (window) => listPayouts(ctx.db, ctx.user.id, window),
        count: async () => ({ total: await countPayouts(ctx.db, ctx.user.id) }),
      }),
    ),

  request: moneyProcedure
    .meta({
      refusals: ['INSUFFICIENT_BALANCE'],
      openapi: { method: 'POST', path: '/payouts', tags: ['payouts'], summary: 'Request a payout (150 to 2000 pesos)', protect: true },
    })
    .input(payoutRequestInput)
    .output(payoutSchema)
    .mutation(({ ctx, input }) =>
      requestPayout(ctx.db, ctx.user.id, input, { now: ctx.now(), deviceId: ctx.req.deviceId, deviceTraits: ctx.req.deviceTraits }),
    ),

  queue: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/payouts/queue',
        tags: ['payouts'],
        summary: 'Each pending payout’s place in the queue and the usual time to approval',
        protect: true,
      },
    })
    .input(z.void())
    .output(payoutQueueSchema)
    .query(({ ctx }) => payoutQueue(ctx.db, ctx.user.id, ctx.now())),

  publicStats: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/public/payout-stats',
        tags: ['payouts'],
        summary: 'Payouts paid in the last 30 days and the median time to approval (no sign-in; counted once a minute)',
      },
      cacheSeconds: PUBLIC_STATS_SECONDS,
    })
    .input(z.void())
    .output(payoutStatsSchema)
    .query(({ ctx }) => cachedPayoutStats(ctx.db, ctx.now())),
});
