import { adminMaintenanceInput, adminMaintenanceOutput, systemSettingsInput, systemSettingsSchema } from '@app/contracts';
import { z } from 'zod';
import { actorOf } from '../admin-log/service';
import { readSystemSettings, switchMaintenance, updateSystemSettings } from '../system-settings/service';
import { adminProcedure, router } from '../trpc';

export const adminSystemSettingsRouter = router({
  toggle: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/maintenance',
        tags: ['admin'],
        summary: 'Switch maintenance mode and the website status, with a reason',
        protect: true,
      },
    })
    .input(adminMaintenanceInput)
    .output(adminMaintenanceOutput)
    .mutation(({ ctx, input }) => switchMaintenance(ctx.db, input, actorOf(ctx), ctx.now())),

  settings: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/system-settings', tags: ['admin'], summary: 'System settings', protect: true } })
    .input(z.void())
    .output(systemSettingsSchema)
    .query(({ ctx }) => readSystemSettings(ctx)),

  updateSettings: adminProcedure
    .meta({
      openapi: { method: 'PUT', path: '/admin/system-settings', tags: ['admin'], summary: 'Update the system settings', protect: true },
    })
    .input(systemSettingsInput)
    .output(systemSettingsSchema)
    .mutation(({ ctx, input }) => updateSystemSettings(ctx.db, input, actorOf(ctx), ctx.now())),
});
