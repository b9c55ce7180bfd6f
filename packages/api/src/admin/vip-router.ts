import { adminQueueInput, adminUserSchema, pendingVipRequestSchema, recordIdInput, vipRejectInput } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { listOrPage } from '../lib/paging';
import { answerQueue } from '../lib/queue';
import { adminCall, adminMoneyProcedure, adminProcedure, router } from '../trpc';
import { approveUserVipRequestAsAdmin, approveVipRequestAsAdmin, listAllPendingVipRequests, rejectVipRequestAsAdmin } from '../vip/review';

const pendingVip = listOrPage(pendingVipRequestSchema);

export const adminVipRouter = router({
  pending: adminProcedure
    .meta({ openapi: adminCall('GET', '/admin/pending-vip', 'VIP requests waiting for approval') })
    .input(adminQueueInput)
    .output(pendingVip.output)
    .query(({ ctx, input }) =>
      answerQueue(ctx, input, { name: 'pending-vip', answer: pendingVip, read: (window) => listAllPendingVipRequests(ctx, window) }),
    ),

  approve: adminMoneyProcedure
    .meta({ refusals: ['NOT_FOUND', 'CONFLICT'], openapi: adminCall('POST', '/admin/approve-vip/{id}', 'Approve a VIP request') })
    .input(recordIdInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => approveVipRequestAsAdmin(ctx.db, input.id, actorOf(ctx), ctx.now())),

  approveForUser: adminMoneyProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      openapi: adminCall('POST', '/admin/users/{id}/vip-approval', 'Approve the pending VIP request of a user'),
    })
    .input(recordIdInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => approveUserVipRequestAsAdmin(ctx.db, input.id, actorOf(ctx), ctx.now())),

  reject: adminProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      openapi: adminCall('POST', '/admin/reject-vip/{id}', 'Reject a VIP request with a reason'),
    })
    .input(vipRejectInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) => rejectVipRequestAsAdmin(ctx.db, input.id, input.reason, actorOf(ctx), ctx.now())),
});
