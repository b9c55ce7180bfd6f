import { adminLogListOutput, adminPageInput, adminTransactionListOutput } from '@app/contracts';
import { listAdminLogs } from '../activity/service';
import { acceptingPrepared } from '../lib/prepared';
import { answerAdminList } from '../lib/queue';
import { listAllTransactions } from '../transactions/service';
import { adminProcedure, router } from '../trpc';

/** What happened: the admins' own actions and the members' ledger. */
export const adminActivityRouter = router({
  logs: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/logs', tags: ['admin'], summary: 'Admin activity, newest first, paged', protect: true },
    })
    .input(adminPageInput)
    .output(acceptingPrepared(adminLogListOutput))
    .query(({ ctx, input }) => answerAdminList(ctx, 'logs', input, adminLogListOutput, () => listAdminLogs(ctx.db, input))),

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
