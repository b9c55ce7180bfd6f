import { adminQueueInput, payoutDecisionInput, payoutSchema, pendingPayoutSchema } from '@app/contracts';
import { actorOf } from '../activity/service';
import { listOrPage } from '../lib/paging';
import { answerQueue } from '../lib/queue';
import { decidePayoutAsAdmin, listPendingPayouts } from '../payouts/review';
import { adminProcedure, router } from '../trpc';

/** One payout decision at one path under two methods: the panel POSTs it, the payout page PUTs it (docs/api-conventions.md#calls-the-apps-make). */
const decideVia = (method: 'POST' | 'PUT') =>
  adminProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      openapi: {
        method,
        path: '/admin/payout/{id}/status',
        tags: ['admin'],
        summary: 'Approve or decline a pending payout',
        protect: true,
      },
    })
    .input(payoutDecisionInput)
    .output(payoutSchema)
    .mutation(({ ctx, input }) =>
      decidePayoutAsAdmin(ctx.db, input.id, { status: input.status, reason: input.reason }, actorOf(ctx), ctx.now()),
    );

const pendingPayouts = listOrPage(pendingPayoutSchema);

export const adminPayoutsRouter = router({
  pending: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/pending-payouts', tags: ['admin'], summary: 'Payouts waiting for a decision', protect: true },
    })
    .input(adminQueueInput)
    .output(pendingPayouts.output)
    .query(({ ctx, input }) =>
      answerQueue(ctx, input, {
        name: 'pending-payouts',
        answer: pendingPayouts,
        read: (window) => listPendingPayouts(ctx, ctx.now(), window),
      }),
    ),

  decide: decideVia('POST'),
  decidePut: decideVia('PUT'),
});
