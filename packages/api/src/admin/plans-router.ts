import { adminPlanSchema, adminPlanUpdateInput } from '@app/contracts';
import { z } from 'zod';
import { actorOf } from '../admin-log/service';
import { adminProcedure, router } from '../trpc';
import { listAllPlanSettings, updatePlanSettings } from '../vip/plans';

export const adminPlansRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/quick-plan-settings',
        tags: ['admin'],
        summary: 'Every VIP plan with its terms',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(adminPlanSchema))
    .query(({ ctx }) => listAllPlanSettings(ctx.db)),

  update: adminProcedure
    .meta({
      refusals: ['NOT_FOUND'],
      openapi: {
        method: 'POST',
        path: '/admin/quick-update-plan/{planId}',
        tags: ['admin'],
        summary: 'Edit a VIP plan’s terms, or enable or disable it',
        protect: true,
      },
    })
    .input(adminPlanUpdateInput)
    .output(adminPlanSchema)
    .mutation(({ ctx, input }) => updatePlanSettings(ctx.db, input, actorOf(ctx), ctx.now())),
});
