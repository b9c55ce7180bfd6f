import {
  fileOutput,
  PAYOUT_BATCH_MAX,
  payoutBatchInput,
  payoutBatchResultSchema,
  payoutDecisionInput,
  payoutSchema,
  payoutsSentInput,
  payoutsSentResultSchema,
  pendingPayoutSchema,
  unsentPayoutsExportInput,
  unsentPayoutsSchema,
} from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { answeringQueue } from '../lib/queue';
import { decidePayoutBatch } from '../payouts/batch';
import { decidePayoutAsAdmin, listAllPendingPayouts } from '../payouts/review';
import { exportUnsentPayouts, listAllUnsentPayouts, markPayoutsSent } from '../payouts/sent';
import { adminCall, adminMoneyProcedure, adminProcedure, mutation, query, router } from '../trpc';

/** One payout decision at one path under two methods: the panel POSTs it, the payout page PUTs it (docs/api-conventions.md#calls-the-apps-make). */
const decideVia = (method: 'POST' | 'PUT') =>
  mutation(adminMoneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: adminCall(method, '/admin/payout/{id}/status', 'Approve or decline a pending payout'),
    input: payoutDecisionInput,
    output: payoutSchema,
    run: (ctx, input) => {
      const { id, ...decision } = input;
      return decidePayoutAsAdmin(ctx.db, id, decision, actorOf(ctx), ctx.now());
    },
  });

export const adminPayoutsRouter = router({
  pending: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/pending-payouts', 'Payouts waiting for a decision'),
    ...answeringQueue('pending-payouts', pendingPayoutSchema, (ctx, window) => listAllPendingPayouts(ctx, ctx.now(), window)),
  }),

  decide: decideVia('POST'),
  decidePut: decideVia('PUT'),

  decideBatch: mutation(adminMoneyProcedure, {
    openapi: adminCall(
      'POST',
      '/admin/payouts/batch',
      `Approve or decline up to ${PAYOUT_BATCH_MAX} pending payouts, each as seen (amount, flags), each in its own transaction; the answer lists those decided and those refused with why`,
    ),
    input: payoutBatchInput,
    output: payoutBatchResultSchema,
    run: (ctx, input) => decidePayoutBatch(ctx.db, input, actorOf(ctx), ctx.now()),
  }),

  unsent: query(adminProcedure, {
    openapi: adminCall(
      'GET',
      '/admin/payouts/unsent',
      'Approved payouts not yet marked sent, per method: how many, their total and the ids the export holds',
    ),
    output: unsentPayoutsSchema,
    run: (ctx) => listAllUnsentPayouts(ctx.db, ctx.now()),
  }),

  exportUnsent: query(adminProcedure, {
    openapi: adminCall(
      'GET',
      '/admin/payouts/unsent.csv',
      `CSV of one method's approved payouts not yet marked sent, as of \`asOf\` (the oldest ${PAYOUT_BATCH_MAX}): number, name, amount, payout id`,
    ),
    download: true,
    input: unsentPayoutsExportInput,
    output: fileOutput,
    run: (ctx, input) => exportUnsentPayouts(ctx.db, input.method, input.asOf, ctx.now()),
  }),

  markSent: mutation(adminProcedure, {
    openapi: adminCall(
      'POST',
      '/admin/payouts/sent',
      'Mark exported payouts sent, recording who and when; those already sent or not approved are skipped',
    ),
    input: payoutsSentInput,
    output: payoutsSentResultSchema,
    run: (ctx, input) => markPayoutsSent(ctx.db, input.ids, actorOf(ctx), ctx.now()),
  }),
});
