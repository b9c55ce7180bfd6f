import { secretsMatch } from '@app/auth';
import { adminUnlockInput, adminUnlockOutput, messages, okOutput } from '@app/contracts';
import { z } from 'zod';
import { writeAdminLog } from '../activity/service';
import { unauthorized } from '../lib/errors';
import { checkPasswordAttempt } from '../lib/wrong-passwords';
import { adminSessionProcedure, router } from '../trpc';

/**
 * The admin step-up of docs/architecture.md#identity-and-access: the panel password unlocks this session for some hours.
 * Wrong passwords lock the admin out for a while (WRONG_PASSWORD_LIMITS); correct ones never do.
 */
export const adminAccessRouter = router({
  unlock: adminSessionProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/unlock', tags: ['admin'], summary: 'Unlock the admin panel', protect: true } })
    .input(adminUnlockInput)
    .output(adminUnlockOutput)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.now();
      const isCorrect = () => secretsMatch(input.password, ctx.settings.adminPanelPassword);
      if (!(await checkPasswordAttempt(ctx.attempts, 'adminUnlock', ctx.user.id, isCorrect))) {
        throw unauthorized(messages.auth.incorrectPassword);
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
