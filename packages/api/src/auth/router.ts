import { deviceTraitsInput, devLoginInput, okOutput, userSchema } from '@app/contracts';
import { z } from 'zod';
import { acceptingPrepared } from '../lib/prepared';
import { recordDeviceTraits } from '../risk/service';
import { publicProcedure, router, sessionProcedure } from '../trpc';
import { devSignIn, readOwnUser } from './service';

export const authRouter = router({
  user: sessionProcedure
    .meta({ openapi: { method: 'GET', path: '/auth/user', tags: ['auth'], summary: 'The signed-in user', protect: true } })
    .input(z.void())
    .output(acceptingPrepared(userSchema))
    .query(({ ctx }) => readOwnUser(ctx)),

  /**
   * The browser's traits, sent by the member app once per session after sign-in (docs/product-rules.md#fraud-rules).
   * Whatever the site's state, like the sign-in it completes.
   */
  device: sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/device',
        tags: ['auth'],
        summary: 'Record the browser’s traits (a SHA-256 in hex) for the fraud review',
        protect: true,
      },
    })
    .input(deviceTraitsInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await recordDeviceTraits(ctx.db, ctx.user.id, input.traits, ctx.now());
      return { ok: true as const };
    }),

  /** Development sign-in (docs/architecture.md#identity-and-access): absent whenever an identity provider is configured. */
  devLogin: publicProcedure
    .meta({
      refusals: ['NOT_FOUND', 'FORBIDDEN'],
      openapi: { method: 'POST', path: '/dev/login', tags: ['auth'], summary: 'Development sign-in' },
    })
    .input(devLoginInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await devSignIn(ctx, input);
      return { ok: true as const };
    }),
});
