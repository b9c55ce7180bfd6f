import { adminQueueCountsSchema, adminStatsSchema } from '@app/contracts';
import { countAdminQueues, readAdminStats } from '../stats/service';
import { adminCall, adminProcedure, query, router } from '../trpc';

export const adminStatsRouter = router({
  stats: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/stats', 'Platform statistics'),
    output: adminStatsSchema,
    run: (ctx) => readAdminStats(ctx.db, ctx.now()),
  }),

  queueCounts: query(adminProcedure, {
    openapi: adminCall(
      'GET',
      '/admin/queue-counts',
      'How much each admin queue holds: pending payouts and VIP requests, held referral bonuses, unread support, high risk',
    ),
    output: adminQueueCountsSchema,
    run: (ctx) => countAdminQueues(ctx.db),
  }),
});
