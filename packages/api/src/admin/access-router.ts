import { consumeRateLimit, secretsMatch } from '@app/auth';
import { adminUnlockInput, adminUnlockOutput, messages, okOutput } from '@app/contracts';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { adminSessionProcedure, router } from '../trpc';
import { writeAdminLog } from './log';

const UNLOCK_ATTEMPTS = { limit: 5, windowMs: 15 * 60 * 1000 };

/** The admin step-up of DESIGN.md section 3: the panel password unlocks this session for some hours. */
export const adminAccessRouter = router({
  unlock: adminSessionProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/unlock', tags: ['admin'], summary: 'Unlock the admin panel', protect: true } })
    .input(adminUnlockInput)
    .output(adminUnlockOutput)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.now();
      const attempt = await consumeRateLimit(ctx.db, `admin-unlock:${ctx.user.id}`, UNLOCK_ATTEMPTS, now);
      if (!attempt.allowed) {
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: messages.common.tooManyRequests });
      }
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
