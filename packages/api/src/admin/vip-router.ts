import { adminUserSchema, pendingVipRequestSchema, recordIdInput, vipRejectInput } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { answeringQueue } from '../lib/queue';
import { adminCall, adminMoneyProcedure, adminProcedure, mutation, query, router } from '../trpc';
import { approveUserVipRequestAsAdmin, approveVipRequestAsAdmin, listAllPendingVipRequests, rejectVipRequestAsAdmin } from '../vip/review';

export const adminVipRouter = router({
  pending: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/pending-vip', 'VIP requests waiting for approval'),
    ...answeringQueue('pending-vip', pendingVipRequestSchema, (ctx, window) => listAllPendingVipRequests(ctx, window)),
  }),

  approve: mutation(adminMoneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: adminCall('POST', '/admin/approve-vip/{id}', 'Approve a VIP request'),
    input: recordIdInput,
    output: adminUserSchema,
    run: (ctx, input) => approveVipRequestAsAdmin(ctx.db, input.id, actorOf(ctx), ctx.now()),
  }),

  approveForUser: mutation(adminMoneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: adminCall('POST', '/admin/users/{id}/vip-approval', 'Approve the pending VIP request of a user'),
    input: recordIdInput,
    output: adminUserSchema,
    run: (ctx, input) => approveUserVipRequestAsAdmin(ctx.db, input.id, actorOf(ctx), ctx.now()),
  }),

  reject: mutation(adminProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: adminCall('POST', '/admin/reject-vip/{id}', 'Reject a VIP request with a reason'),
    input: vipRejectInput,
    output: adminUserSchema,
    run: (ctx, input) => rejectVipRequestAsAdmin(ctx.db, input.id, input.reason, actorOf(ctx), ctx.now()),
  }),
});
