import { adminPageInput, adminTransactionListOutput } from '@app/contracts';
import { acceptingPrepared } from '../lib/prepared';
import { answerAdminList } from '../lib/queue';
import { listAllTransactions } from '../transactions/service';
import { adminCall, adminProcedure, query, router } from '../trpc';

/** The members' ledger, as admins read it. */
export const adminTransactionsRouter = router({
  transactions: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/transactions', 'All ledger rows, newest first, paged'),
    input: adminPageInput,
    output: acceptingPrepared(adminTransactionListOutput),
    run: (ctx, input) => answerAdminList(ctx, 'transactions', input, adminTransactionListOutput, () => listAllTransactions(ctx.db, input)),
  }),
});
