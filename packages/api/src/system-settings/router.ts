import { maintenanceStatusSchema } from '@app/contracts';
import { publicProcedure, query, restEntries, router } from '../trpc';

const rest = restEntries('site');

export const maintenanceRouter = router({
  status: query(publicProcedure, {
    openapi: rest.open('GET', '/maintenance-status', 'Maintenance and website status'),
    output: maintenanceStatusSchema,
    run: (ctx) => ctx.readMaintenanceStatus(),
  }),
});
