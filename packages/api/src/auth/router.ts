import { AccountBannedError } from '@app/auth';
import { devLoginInput, messages, okOutput, userSchema } from '@app/contracts';
import { z } from 'zod';
import { forbidden, notFound } from '../lib/errors';
import { acceptingPrepared } from '../lib/prepared';
import { publicProcedure, router, sessionProcedure } from '../trpc';
import { ownView, signInAndStartSession } from './service';

export const authRouter = router({
  user: sessionProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/user', tags: ['auth'], summary: 'The signed-in user', protect: true } })
    .input(z.void())
    .output(acceptingPrepared(userSchema))
    .query(({ ctx }) => {
      const now = ctx.now();
      const adminUnlocked = ctx.adminUnlockedUntil !== null && ctx.adminUnlockedUntil > now;
      return ownView(ctx.user, { adminUnlocked, now });
    }),

  /** Development sign-in (docs/architecture.md#identity-and-access): absent whenever an identity provider is configured. */
  devLogin: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/dev/login', tags: ['auth'], summary: 'Development sign-in' } })
    .input(devLoginInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      if (!ctx.settings.devLoginEnabled) throw notFound(messages.common.notFound);
      try {
        await signInAndStartSession(ctx, ctx.req, input);
        return { ok: true as const };
      } catch (error) {
        if (error instanceof AccountBannedError) throw forbidden(messages.auth.accountBanned);
        throw error;
      }
    }),
});
