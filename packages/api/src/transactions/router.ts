import { fileOutput, transactionListInput } from '@app/contracts';
import { z } from 'zod';
import { memberProcedure, query, router } from '../trpc';
import { answerTransactionList, transactionPages, transactionStatement } from './service';

export const transactionsRouter = router({
  list: query(memberProcedure, {
    openapi: {
      method: 'GET',
      path: '/transactions',
      tags: ['transactions'],
      summary: 'The member’s transactions, newest first: the latest 1000 (or `limit`), or one page',
      protect: true,
    },
    input: transactionListInput,
    output: transactionPages.output,
    run: (ctx, input) => answerTransactionList(ctx, input),
  }),

  statement: query(memberProcedure, {
    openapi: {
      method: 'GET',
      path: '/transactions/statement.csv',
      tags: ['transactions'],
      summary: 'CSV statement with running balance',
      protect: true,
    },
    download: true,
    input: z.void(),
    output: fileOutput,
    run: (ctx) => transactionStatement(ctx.db, ctx.user.id, ctx.settings.timeZone, ctx.now()),
  }),
});
