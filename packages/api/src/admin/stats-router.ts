import { adminStatsSchema } from '@app/contracts';
import { z } from 'zod';
import { readAdminStats } from '../stats/service';
import { adminProcedure, router } from '../trpc';

export const adminStatsRouter = router({
  stats: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/stats', tags: ['admin'], summary: 'Platform statistics', protect: true } })
    .input(z.void())
    .output(adminStatsSchema)
    .query(({ ctx }) => readAdminStats(ctx.db, ctx.now())),
});
