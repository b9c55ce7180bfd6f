import { adminQueueInput, adminUserSchema, pendingVipRequestSchema, recordIdInput, vipRejectInput } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { listOrPage } from '../lib/paging';
import { answerQueue } from '../lib/queue';
import { adminMoneyProcedure, adminProcedure, router } from '../trpc';
import { approveUserVipRequestAsAdmin, approveVipRequestAsAdmin, listAllPendingVipRequests, rejectVipRequestAsAdmin } from '../vip/review';

const pendingVip = listOrPage(pendingVipRequestSchema);

export const adminVipRouter = router({
  pending: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/pending-vip', tags: ['admin'], summary: 'VIP requests waiting for approval', protect: true },
    })
    .input(adminQueueInput)
    .output(pendingVip.output)
    .query(({ ctx, input }) =>
      answerQueue(ctx, input, { name: 'pending-vip', answer: pendingVip, read: (window) => listAllPendingVipRequests(ctx, window) }),
    ),

  approve: adminMoneyProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      openapi: { method: 'POST', path: '/admin/approve-vip/{id}', tags: ['admin'], summary: 'Approve a VIP request', protect: true },
    })
    .input(recordIdInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => approveVipRequestAsAdmin(ctx.db, input.id, actorOf(ctx), ctx.now())),

  approveForUser: adminMoneyProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/admin/users/{id}/vip-approval',
        tags: ['admin'],
        summary: 'Approve the pending VIP request of a user',
        protect: true,
      },
    })
    .input(recordIdInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => approveUserVipRequestAsAdmin(ctx.db, input.id, actorOf(ctx), ctx.now())),

  reject: adminProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/admin/reject-vip/{id}',
        tags: ['admin'],
        summary: 'Reject a VIP request with a reason',
        protect: true,
      },
    })
    .input(vipRejectInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => rejectVipRequestAsAdmin(ctx.db, input.id, input.reason, actorOf(ctx), ctx.now())),
});
