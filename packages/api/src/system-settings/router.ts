import { maintenanceStatusSchema } from '@app/contracts';
import { z } from 'zod';
import { publicProcedure, query, router } from '../trpc';

export const maintenanceRouter = router({
  status: query(publicProcedure, {
    openapi: { method: 'GET', path: '/maintenance-status', tags: ['site'], summary: 'Maintenance and website status' },
    input: z.void(),
    output: maintenanceStatusSchema,
    run: (ctx) => ctx.readMaintenanceStatus(),
  }),
});
