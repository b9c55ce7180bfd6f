import { adminQueueCountsSchema, adminStatsSchema } from '@app/contracts';
import { z } from 'zod';
import { countAdminQueues, readAdminStats } from '../stats/service';
import { adminProcedure, router } from '../trpc';

export const adminStatsRouter = router({
  stats: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/stats', tags: ['admin'], summary: 'Platform statistics', protect: true } })
    .input(z.void())
    .output(adminStatsSchema)
    .query(({ ctx }) => readAdminStats(ctx.db, ctx.now())),

  queueCounts: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/queue-counts',
        tags: ['admin'],
        summary: 'How much each admin queue holds: pending payouts and VIP requests, held referral bonuses, unread support, high risk',
        protect: true,
      },
    })
    .input(z.void())
    .output(adminQueueCountsSchema)
    .query(({ ctx }) => countAdminQueues(ctx.db)),
});
