import { adminMaintenanceInput, adminMaintenanceOutput, systemSettingsInput, systemSettingsSchema } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { readSystemSettings, switchMaintenance, updateSystemSettings } from '../system-settings/service';
import { adminCall, adminProcedure, mutation, query, router } from '../trpc';

export const adminSystemSettingsRouter = router({
  toggle: mutation(adminProcedure, {
    openapi: adminCall('POST', '/admin/maintenance', 'Switch maintenance mode and the website status, with a reason'),
    input: adminMaintenanceInput,
    output: adminMaintenanceOutput,
    run: (ctx, input) => switchMaintenance(ctx.db, input, actorOf(ctx), ctx.now()),
  }),

  settings: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/system-settings', 'System settings'),
    output: systemSettingsSchema,
    run: (ctx) => readSystemSettings(ctx),
  }),

  updateSettings: mutation(adminProcedure, {
    openapi: adminCall('PUT', '/admin/system-settings', 'Update the system settings'),
    input: systemSettingsInput,
    output: systemSettingsSchema,
    run: (ctx, input) => updateSystemSettings(ctx.db, input, actorOf(ctx), ctx.now()),
  }),
});
