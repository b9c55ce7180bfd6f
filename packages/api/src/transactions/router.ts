import { fileOutput, transactionListInput, transactionSchema } from '@app/contracts';
import { z } from 'zod';
import { memberProcedure, router } from '../trpc';
import { listTransactions, transactionStatement } from './service';

export const transactionsRouter = router({
  list: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/transactions',
        tags: ['transactions'],
        summary: 'The member’s transactions, newest first',
        protect: true,
      },
    })
    .input(transactionListInput)
    .output(z.array(transactionSchema))
    .query(({ ctx, input }) => listTransactions(ctx.db, ctx.user.id, input?.limit)),

  statement: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/transactions/statement.csv',
        tags: ['transactions'],
        summary: 'CSV statement with running balance',
        protect: true,
      },
      download: true,
    })
    .input(z.void())
    .output(fileOutput)
    .query(({ ctx }) => transactionStatement(ctx.db, ctx.user.id, ctx.settings.timeZone, ctx.now())),
});
