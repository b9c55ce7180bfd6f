import { secretsMatch } from '@app/auth';
import { adminUnlockInput, adminUnlockOutput, messages, okOutput } from '@app/contracts';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { adminSessionProcedure, router } from '../trpc';
import { writeAdminLog } from './log';

/**
 * The admin step-up of DESIGN.md section 3: the panel password unlocks this session for some hours.
 * Guesses are rate limited per admin by the server (apps/server/src/security/rate-limits.ts).
 */
export const adminAccessRouter = router({
  unlock: adminSessionProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/unlock', tags: ['admin'], summary: 'Unlock the admin panel', protect: true } })
    .input(adminUnlockInput)
    .output(adminUnlockOutput)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.now();
      if (!secretsMatch(input.password, ctx.settings.adminPanelPassword)) {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.auth.incorrectPassword });
      }
      const unlockedUntil = new Date(now.getTime() + ctx.settings.adminUnlockHours * 60 * 60 * 1000);
      await ctx.sessions.setAdminUnlockedUntil(ctx.sessionToken, unlockedUntil);
      await writeAdminLog(ctx, { action: 'admin_unlock', targetId: ctx.user.id, details: { unlockedUntil: unlockedUntil.toISOString() } });
      return { unlockedUntil: unlockedUntil.toISOString() };
    }),

  lock: adminSessionProcedure
    .meta({
      openapi: { method: 'POST', path: '/admin/lock', tags: ['admin'], summary: 'Lock the admin panel (Admin Logout)', protect: true },
    })
    .input(z.void())
    .output(okOutput)
    .mutation(async ({ ctx }) => {
      await ctx.sessions.setAdminUnlockedUntil(ctx.sessionToken, null);
      await writeAdminLog(ctx, { action: 'admin_lock', targetId: ctx.user.id, details: {} });
      return { ok: true as const };
    }),
});
