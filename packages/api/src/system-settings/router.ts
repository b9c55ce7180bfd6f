import { maintenanceStatusSchema } from '@app/contracts';
import { z } from 'zod';
import { publicProcedure, router } from '../trpc';

export const maintenanceRouter = router({
  status: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/maintenance-status', tags: ['site'], summary: 'Maintenance and website status' } })
    .input(z.void())
    .output(maintenanceStatusSchema)
    .query(({ ctx }) => ctx.readMaintenanceStatus()),
});
