import { adminPlanSchema, adminPlanUpdateInput } from '@app/contracts';
import { z } from 'zod';
import { actorOf } from '../admin-log/service';
import { adminCall, adminProcedure, mutation, query, router } from '../trpc';
import { listAllPlanSettings, updatePlanSettings } from '../vip/plans';

export const adminPlansRouter = router({
  list: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/quick-plan-settings', 'Every VIP plan with its terms'),
    output: z.array(adminPlanSchema),
    run: (ctx) => listAllPlanSettings(ctx.db),
  }),

  update: mutation(adminProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: adminCall('POST', '/admin/quick-update-plan/{planId}', 'Edit a VIP plan’s terms, or enable or disable it'),
    input: adminPlanUpdateInput,
    output: adminPlanSchema,
    run: (ctx, input) => updatePlanSettings(ctx.db, input, actorOf(ctx), ctx.now()),
  }),
});
