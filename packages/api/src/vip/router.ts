import { vipStatusSchema } from '@app/contracts';
import { z } from 'zod';
import { memberProcedure, router } from '../trpc';
import { vipStatus } from './status';

export const vipRouter = router({
  status: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/vip/status',
        tags: ['vip'],
        summary: 'Tier, expiry, pending request and today’s task count',
        protect: true,
      },
    })
    .input(z.void())
    .output(vipStatusSchema)
    .query(({ ctx }) => vipStatus(ctx.db, ctx.user, ctx.now(), ctx.settings.timeZone)),
});
