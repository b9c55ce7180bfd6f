import { adminUnlockInput, adminUnlockOutput, okOutput } from '@app/contracts';
import { z } from 'zod';
import { lockAdminPanel, unlockAdminPanel } from '../access/service';
import { adminSessionProcedure, router } from '../trpc';

/** Unlocking and locking the admin panel (docs/architecture.md#identity-and-access); access/service.ts does both. */
export const adminAccessRouter = router({
  unlock: adminSessionProcedure
    .meta({
      refusals: ['UNAUTHORIZED', 'TOO_MANY_REQUESTS'],
      openapi: { method: 'POST', path: '/admin/unlock', tags: ['admin'], summary: 'Unlock the admin panel', protect: true },
    })
    .input(adminUnlockInput)
    .output(adminUnlockOutput)
    .mutation(async ({ ctx, input }) => ({ unlockedUntil: (await unlockAdminPanel(ctx, input.password)).toISOString() })),

  lock: adminSessionProcedure
    .meta({
      openapi: { method: 'POST', path: '/admin/lock', tags: ['admin'], summary: 'Lock the admin panel (Admin Logout)', protect: true },
    })
    .input(z.void())
    .output(okOutput)
    .mutation(async ({ ctx }) => {
      await lockAdminPanel(ctx);
      return { ok: true as const };
    }),
});
