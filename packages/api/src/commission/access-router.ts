import { commissionAuthOutput, commissionLoginInput, okOutput } from '@app/contracts';
import { z } from 'zod';
import { operatorProcedure, publicProcedure, router } from '../trpc';
import { readOperatorSession, signInOperator, signOutOperator } from './access';

/** The commission operator's own sign-in, session check and sign-out (commission/access.ts). */
export const commissionAccessRouter = router({
  login: publicProcedure
    .meta({
      refusals: ['UNAUTHORIZED', 'TOO_MANY_REQUESTS'],
      openapi: { method: 'POST', path: '/admin/percentage/login', tags: ['commission'], summary: 'Operator sign-in' },
    })
    .input(commissionLoginInput)
    .output(commissionAuthOutput)
    .mutation(({ ctx, input }) => signInOperator(ctx, input)),

  auth: publicProcedure
    .meta({
      refusals: ['UNAUTHORIZED'],
      openapi: { method: 'GET', path: '/admin/percentage/auth', tags: ['commission'], summary: 'Operator session check' },
    })
    .input(z.void())
    .output(commissionAuthOutput)
    .query(({ ctx }) => readOperatorSession(ctx)),

  logout: operatorProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/percentage/logout', tags: ['commission'], summary: 'Operator sign-out' } })
    .input(z.void())
    .output(okOutput)
    .mutation(async ({ ctx }) => {
      await signOutOperator(ctx);
      return { ok: true as const };
    }),
});
