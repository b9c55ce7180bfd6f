import { adminPlanSchema, adminPlanUpdateInput } from '@app/contracts';
import { z } from 'zod';
import { actorOf } from '../admin-log/service';
import { adminCall, adminProcedure, router } from '../trpc';
import { listAllPlanSettings, updatePlanSettings } from '../vip/plans';

export const adminPlansRouter = router({
  list: adminProcedure
    .meta({ openapi: adminCall('GET', '/admin/quick-plan-settings', 'Every VIP plan with its terms') })
    .input(z.void())
    .output(z.array(adminPlanSchema))
    .query(({ ctx }) => listAllPlanSettings(ctx.db)),

  update: adminProcedure
    .meta({
      refusals: ['NOT_FOUND'],
      openapi: adminCall('POST', '/admin/quick-update-plan/{planId}', 'Edit a VIP plan’s terms, or enable or disable it'),
    })
    .input(adminPlanUpdateInput)
    .output(adminPlanSchema)
    .mutation(({ ctx, input }) => updatePlanSettings(ctx.db, input, actorOf(ctx), ctx.now())),
});
