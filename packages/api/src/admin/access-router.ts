import { adminUnlockInput, adminUnlockOutput, okOutput } from '@app/contracts';
import { z } from 'zod';
import { lockAdminPanel, unlockAdminPanel } from '../access/service';
import { adminCall, adminSessionProcedure, router } from '../trpc';

/** Unlocking and locking the admin panel (docs/architecture.md#identity-and-access); access/service.ts does both. */
export const adminAccessRouter = router({
  unlock: adminSessionProcedure
    .meta({ refusals: ['UNAUTHORIZED', 'TOO_MANY_REQUESTS'], openapi: adminCall('POST', '/admin/unlock', 'Unlock the admin panel') })
    .input(adminUnlockInput)
    .output(adminUnlockOutput)
    .mutation(async ({ ctx, input }) => ({ unlockedUntil: (await unlockAdminPanel(ctx, input.password)).toISOString() })),

  lock: adminSessionProcedure
    .meta({ openapi: adminCall('POST', '/admin/lock', 'Lock the admin panel (Admin Logout)') })
    .input(z.void())
    .output(okOutput)
    .mutation(async ({ ctx }) => {
      await lockAdminPanel(ctx);
      return { ok: true as const };
    }),
});
