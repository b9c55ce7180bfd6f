import { adminPageInput, adminTransactionListOutput } from '@app/contracts';
import { acceptingPrepared } from '../lib/prepared';
import { answerAdminList } from '../lib/queue';
import { listAllTransactions } from '../transactions/service';
import { adminProcedure, router } from '../trpc';

/** The members' ledger, as admins read it. */
export const adminTransactionsRouter = router({
  transactions: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/transactions',
        tags: ['admin'],
        summary: 'All ledger rows, newest first, paged',
        protect: true,
      },
    })
    .input(adminPageInput)
    .output(acceptingPrepared(adminTransactionListOutput))
    .query(({ ctx, input }) =>
      answerAdminList(ctx, 'transactions', input, adminTransactionListOutput, () => listAllTransactions(ctx.db, input)),
    ),
});
