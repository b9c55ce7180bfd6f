import { fileOutput, transactionListInput, transactionSchema } from '@app/contracts';
import { z } from 'zod';
import { acceptingPrepared, prepareAnswer } from '../lib/prepared';
import { readOncePerUserRow } from '../lib/shared-read';
import { memberProcedure, router } from '../trpc';

const transactionListSchema = z.array(transactionSchema);

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
    .output(acceptingPrepared(transactionListSchema))
    .query(({ ctx, input }) => {
      const limit = input?.limit;
      if (limit === undefined) return listTransactions(ctx.db, ctx.user.id);
      // The latest few (the dashboard's), kept with the member's row (every ledger row writes it), and with
      // the task catalogue's version for the proofs' task titles.
      return readOncePerUserRow(ctx.user, `transactions:${limit}:${ctx.caches.tasks.version}`, async () =>
        prepareAnswer(transactionListSchema, await listTransactions(ctx.db, ctx.user.id, limit)),
      );
    }),

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
