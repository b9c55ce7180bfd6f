import { adminUnlockInput, adminUnlockOutput, okOutput } from '@app/contracts';
import { lockAdminPanel, unlockAdminPanel } from '../access/service';
import { adminCall, adminSessionProcedure, mutation, okWhenDone, router } from '../trpc';

/** Unlocking and locking the admin panel (docs/architecture.md#identity-and-access); access/service.ts does both. */
export const adminAccessRouter = router({
  unlock: mutation(adminSessionProcedure, {
    refusals: ['UNAUTHORIZED', 'TOO_MANY_REQUESTS'],
    openapi: adminCall('POST', '/admin/unlock', 'Unlock the admin panel'),
    input: adminUnlockInput,
    output: adminUnlockOutput,
    run: async (ctx, input) => ({ unlockedUntil: (await unlockAdminPanel(ctx, input.password)).toISOString() }),
  }),

  lock: mutation(adminSessionProcedure, {
    openapi: adminCall('POST', '/admin/lock', 'Lock the admin panel (Admin Logout)'),
    output: okOutput,
    run: (ctx) => okWhenDone(lockAdminPanel(ctx)),
  }),
});
