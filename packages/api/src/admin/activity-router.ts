import { adminLogListOutput, adminPageInput, adminTransactionListOutput } from '@app/contracts';
import { listAdminLogs } from '../activity/service';
import { listAllTransactions } from '../transactions/service';
import { adminProcedure, router } from '../trpc';

/** What happened: the admins' own actions and the members' ledger. */
export const adminActivityRouter = router({
  logs: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/logs', tags: ['admin'], summary: 'Admin activity, newest first, paged', protect: true },
    })
    .input(adminPageInput)
    .output(adminLogListOutput)
    .query(({ ctx, input }) => listAdminLogs(ctx.db, input)),

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
    .output(adminTransactionListOutput)
    .query(({ ctx, input }) => listAllTransactions(ctx.db, input)),
});
