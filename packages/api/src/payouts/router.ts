import { payoutRequestInput, payoutSchema } from '@app/contracts';
import { z } from 'zod';
import { memberProcedure, moneyProcedure, router } from '../trpc';
import { listPayouts, requestPayout } from './service';

export const payoutsRouter = router({
  list: memberProcedure
    .meta({
      openapi: { method: 'GET', path: '/payouts', tags: ['payouts'], summary: 'The member’s payout requests, newest first', protect: true },
    })
    .input(z.void())
    .output(z.array(payoutSchema))
    .query(({ ctx }) => listPayouts(ctx.db, ctx.user.id)),

  request: moneyProcedure
    .meta({
      openapi: { method: 'POST', path: '/payouts', tags: ['payouts'], summary: 'Request a payout (150 to 2000 pesos)', protect: true },
    })
    .input(payoutRequestInput)
    .output(payoutSchema)
    .mutation(({ ctx, input }) => requestPayout(ctx.db, ctx.user.id, input, ctx.now())),
});
