import { adminQueueInput, page, payoutDecisionInput, payoutSchema, pendingPayoutSchema } from '@app/contracts';
import { z } from 'zod';
import { actorOf } from '../activity/service';
import { answerQueue } from '../lib/queue';
import { decidePayoutAsAdmin, listPendingPayouts } from '../payouts/review';
import { adminProcedure, router } from '../trpc';

/** One payout decision at one path under two methods: the panel POSTs it, the payout page PUTs it (docs/api-conventions.md#calls-the-apps-make). */
const decideVia = (method: 'POST' | 'PUT') =>
  adminProcedure
    .meta({
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

export const adminPayoutsRouter = router({
  pending: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/pending-payouts', tags: ['admin'], summary: 'Payouts waiting for a decision', protect: true },
    })
    .input(adminQueueInput)
    .output(z.union([page(pendingPayoutSchema), z.array(pendingPayoutSchema)]))
    .query(({ ctx, input }) => answerQueue(ctx, input, (window) => listPendingPayouts(ctx, ctx.now(), window))),

  decide: decideVia('POST'),
  decidePut: decideVia('PUT'),
});
