import { adminPageInput, adminTransactionListOutput } from '@app/contracts';
import { answeringAdminList } from '../lib/queue';
import { listAllTransactions } from '../transactions/service';
import { adminCall, adminProcedure, query, router } from '../trpc';

/** The members' ledger, as admins read it. */
export const adminTransactionsRouter = router({
  transactions: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/transactions', 'All ledger rows, newest first, paged'),
    ...answeringAdminList('transactions', adminPageInput, adminTransactionListOutput, (ctx, input) => listAllTransactions(ctx.db, input)),
  }),
});
