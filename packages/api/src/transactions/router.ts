import { fileOutput, transactionListInput, transactionSchema } from '@app/contracts';
import { z } from 'zod';
import { answerListOrPage, listOrPage } from '../lib/paging';
import { prepareAnswer } from '../lib/prepared';
import { readOncePerUserRow } from '../lib/shared-read';
import { memberProcedure, router } from '../trpc';
import { listTransactions, transactionStatement } from './service';

const transactions = listOrPage(transactionSchema);

export const transactionsRouter = router({
  list: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/transactions',
        tags: ['transactions'],
        summary: 'The member’s transactions, newest first: the latest 1000 (or `limit`), or one page',
        protect: true,
      },
    })
    .input(transactionListInput)
    .output(transactions.output)
    .query(({ ctx, input }) => {
      const { limit } = input;
      if (limit === undefined) {
        return answerListOrPage(ctx, input, {
          read: (window) => listTransactions(ctx.db, ctx.user.id, window),
          // The count the member's row keeps with every posting, as this request's session holds the row.
          count: () => ({ total: Number(ctx.user.ledgerRows) }),
        });
      }
      // The latest few (the dashboard's), kept with the member's row (every ledger row writes it), and with
      // the task catalogue's version for the proofs' task titles.
      return readOncePerUserRow(ctx.user, `transactions:${limit}:${ctx.caches.tasks.version}`, async () =>
        prepareAnswer(transactions.list, await listTransactions(ctx.db, ctx.user.id, { limit })),
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
