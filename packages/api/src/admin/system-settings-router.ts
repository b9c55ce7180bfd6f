import { adminMaintenanceInput, adminMaintenanceOutput, systemSettingsInput, systemSettingsSchema } from '@app/contracts';
import { z } from 'zod';
import { actorOf } from '../admin-log/service';
import { readSystemSettings, switchMaintenance, updateSystemSettings } from '../system-settings/service';
import { adminCall, adminProcedure, router } from '../trpc';

export const adminSystemSettingsRouter = router({
  toggle: adminProcedure
    .meta({ openapi: adminCall('POST', '/admin/maintenance', 'Switch maintenance mode and the website status, with a reason') })
    .input(adminMaintenanceInput)
    .output(adminMaintenanceOutput)
    .mutation(({ ctx, input }) => switchMaintenance(ctx.db, input, actorOf(ctx), ctx.now())),

  settings: adminProcedure
    .meta({ openapi: adminCall('GET', '/admin/system-settings', 'System settings') })
    .input(z.void())
    .output(systemSettingsSchema)
    .query(({ ctx }) => readSystemSettings(ctx)),

  updateSettings: adminProcedure
    .meta({ openapi: adminCall('PUT', '/admin/system-settings', 'Update the system settings') })
    .input(systemSettingsInput)
    .output(systemSettingsSchema)
    .mutation(({ ctx, input }) => updateSystemSettings(ctx.db, input, actorOf(ctx), ctx.now())),
});
