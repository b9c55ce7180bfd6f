import { commissionAuthOutput, commissionLoginInput, okOutput } from '@app/contracts';
import { mutation, okWhenDone, operatorProcedure, publicProcedure, query, restEntries, router } from '../trpc';
import { readOperatorSession, signInOperator, signOutOperator } from './access';

const rest = restEntries('commission');

/** The commission operator's own sign-in, session check and sign-out (commission/access.ts). */
export const commissionAccessRouter = router({
  login: mutation(publicProcedure, {
    refusals: ['UNAUTHORIZED', 'TOO_MANY_REQUESTS'],
    openapi: rest.open('POST', '/admin/percentage/login', 'Operator sign-in'),
    input: commissionLoginInput,
    output: commissionAuthOutput,
    run: (ctx, input) => signInOperator(ctx, input),
  }),

  auth: query(publicProcedure, {
    refusals: ['UNAUTHORIZED'],
    openapi: rest.open('GET', '/admin/percentage/auth', 'Operator session check'),
    output: commissionAuthOutput,
    run: (ctx) => readOperatorSession(ctx),
  }),

  logout: mutation(operatorProcedure, {
    openapi: rest.open('POST', '/admin/percentage/logout', 'Operator sign-out'),
    output: okOutput,
    run: (ctx) => okWhenDone(signOutOperator(ctx)),
  }),
});
