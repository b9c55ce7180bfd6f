import { commissionAuthOutput, commissionLoginInput, okOutput } from '@app/contracts';
import { z } from 'zod';
import { mutation, operatorProcedure, publicProcedure, query, router } from '../trpc';
import { readOperatorSession, signInOperator, signOutOperator } from './access';

/** The commission operator's own sign-in, session check and sign-out (commission/access.ts). */
export const commissionAccessRouter = router({
  login: mutation(publicProcedure, {
    refusals: ['UNAUTHORIZED', 'TOO_MANY_REQUESTS'],
    openapi: { method: 'POST', path: '/admin/percentage/login', tags: ['commission'], summary: 'Operator sign-in' },
    input: commissionLoginInput,
    output: commissionAuthOutput,
    run: (ctx, input) => signInOperator(ctx, input),
  }),

  auth: query(publicProcedure, {
    refusals: ['UNAUTHORIZED'],
    openapi: { method: 'GET', path: '/admin/percentage/auth', tags: ['commission'], summary: 'Operator session check' },
    input: z.void(),
    output: commissionAuthOutput,
    run: (ctx) => readOperatorSession(ctx),
  }),

  logout: mutation(operatorProcedure, {
    openapi: { method: 'POST', path: '/admin/percentage/logout', tags: ['commission'], summary: 'Operator sign-out' },
    input: z.void(),
    output: okOutput,
    run: async (ctx) => {
      await signOutOperator(ctx);
      return { ok: true as const };
    },
  }),
});
