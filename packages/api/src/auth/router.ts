import { deviceTraitsInput, devLoginInput, okOutput, userSchema } from '@app/contracts';
import { acceptingPrepared } from '../lib/prepared';
import { recordDeviceTraits } from '../risk/service';
import { mutation, okWhenDone, publicProcedure, query, restEntries, router, sessionProcedure } from '../trpc';
import { devSignIn, readOwnUser } from './service';

const rest = restEntries('auth');

export const authRouter = router({
  user: query(sessionProcedure, {
    openapi: rest.signedIn('GET', '/auth/user', 'The signed-in user'),
    output: acceptingPrepared(userSchema),
    run: (ctx) => readOwnUser(ctx),
  }),

  /**
   * The browser's traits, sent by the member app once per session after sign-in (docs/product-rules.md#fraud-rules).
   * Whatever the site's state, like the sign-in it completes.
   */
  device: mutation(sessionProcedure, {
    openapi: rest.signedIn('POST', '/auth/device', 'Record the browser’s traits (a SHA-256 in hex) for the fraud review'),
    input: deviceTraitsInput,
    output: okOutput,
    run: (ctx, input) => okWhenDone(recordDeviceTraits(ctx.db, ctx.user.id, input.traits, ctx.now())),
  }),

  /** Development sign-in (docs/architecture.md#identity-and-access): absent whenever an identity provider is configured. */
  devLogin: mutation(publicProcedure, {
    refusals: ['NOT_FOUND', 'FORBIDDEN'],
    openapi: rest.open('POST', '/dev/login', 'Development sign-in'),
    input: devLoginInput,
    output: okOutput,
    run: (ctx, input) => okWhenDone(devSignIn(ctx, input)),
  }),
});
