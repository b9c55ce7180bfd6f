import { payoutQueueSchema, payoutRequestInput, payoutSchema, payoutStatsSchema } from '@app/contracts';
import { answeringListOrPage, listOrPage } from '../lib/paging';
import { memberProcedure, moneyProcedure, mutation, publicProcedure, query, restEntries, router } from '../trpc';
import { PUBLIC_STATS_SECONDS, readPublicPayoutStats } from './public-stats';
import { payoutHistory, readPayoutQueue, requestPayout } from './service';

const rest = restEntries('payouts');

const payouts = listOrPage(payoutSchema);

export const payoutsRouter = router({
  list: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/payouts', 'The member’s payout requests, newest first: the latest 1000, or one page'),
    ...answeringListOrPage(payouts, (ctx) => payoutHistory(ctx.db, ctx.user.id)),
  }),

  request: mutation(moneyProcedure, {
    refusals: ['INSUFFICIENT_BALANCE'],
    openapi: rest.signedIn('POST', '/payouts', 'Request a payout (150 to 2000 pesos)'),
    input: payoutRequestInput,
    output: payoutSchema,
    run: (ctx, input) =>
      requestPayout(ctx.db, ctx.user.id, input, { now: ctx.now(), deviceId: ctx.req.deviceId, deviceTraits: ctx.req.deviceTraits }),
  }),

  queue: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/payouts/queue', 'Each pending payout’s place in the queue and the usual time to approval'),
    output: payoutQueueSchema,
    run: (ctx) => readPayoutQueue(ctx.db, ctx.user.id, ctx.now()),
  }),

  publicStats: query(publicProcedure, {
    openapi: rest.open(
      'GET',
      '/public/payout-stats',
      'Payouts paid in the last 30 days and the median time to approval (no sign-in; counted once a minute)',
    ),
    cacheSeconds: PUBLIC_STATS_SECONDS,
    output: payoutStatsSchema,
    run: (ctx) => readPublicPayoutStats(ctx.db, ctx.now()),
  }),
});
