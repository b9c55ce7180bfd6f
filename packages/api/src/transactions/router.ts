import { fileOutput, transactionListInput } from '@app/contracts';
import { memberProcedure, query, restEntries, router } from '../trpc';
import { answerTransactionList, transactionPages, transactionStatement } from './service';

const rest = restEntries('transactions');

export const transactionsRouter = router({
  list: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/transactions', 'The member’s transactions, newest first: the latest 1000 (or `limit`), or one page'),
    input: transactionListInput,
    output: transactionPages.output,
    run: (ctx, input) => answerTransactionList(ctx, input),
  }),

  statement: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/transactions/statement.csv', 'CSV statement with running balance'),
    download: true,
    output: fileOutput,
    run: (ctx) => transactionStatement(ctx.db, ctx.user.id, ctx.settings.timeZone, ctx.now()),
  }),
});
