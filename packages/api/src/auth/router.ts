import { deviceTraitsInput, devLoginInput, okOutput, userSchema } from '@app/contracts';
import { z } from 'zod';
import { acceptingPrepared } from '../lib/prepared';
import { recordDeviceTraits } from '../risk/service';
import { mutation, publicProcedure, query, router, sessionProcedure } from '../trpc';
import { devSignIn, readOwnUser } from './service';

export const authRouter = router({
  user: query(sessionProcedure, {
    openapi: { method: 'GET', path: '/auth/user', tags: ['auth'], summary: 'The signed-in user', protect: true },
    input: z.void(),
    output: acceptingPrepared(userSchema),
    run: (ctx) => readOwnUser(ctx),
  }),

  /**
   * The browser's traits, sent by the member app once per session after sign-in (docs/product-rules.md#fraud-rules).
   * Whatever the site's state, like the sign-in it completes.
   */
  device: mutation(sessionProcedure, {
    openapi: {
      method: 'POST',
      path: '/auth/device',
      tags: ['auth'],
      summary: 'Record the browser’s traits (a SHA-256 in hex) for the fraud review',
      protect: true,
    },
    input: deviceTraitsInput,
    output: okOutput,
    run: async (ctx, input) => {
      await recordDeviceTraits(ctx.db, ctx.user.id, input.traits, ctx.now());
      return { ok: true as const };
    },
  }),

  /** Development sign-in (docs/architecture.md#identity-and-access): absent whenever an identity provider is configured. */
  devLogin: mutation(publicProcedure, {
    refusals: ['NOT_FOUND', 'FORBIDDEN'],
    openapi: { method: 'POST', path: '/dev/login', tags: ['auth'], summary: 'Development sign-in' },
    input: devLoginInput,
    output: okOutput,
    run: async (ctx, input) => {
      await devSignIn(ctx, input);
      return { ok: true as const };
    },
  }),
});
