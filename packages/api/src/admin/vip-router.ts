import { adminUserSchema, pendingVipRequestSchema, recordIdInput, vipRejectInput } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { answeringQueue } from '../lib/queue';
import { adminCall, adminMoneyProcedure, adminProcedure, mutation, query, router } from '../trpc';
import { approveUserVipRequestAsAdmin, approveVipRequestAsAdmin, listAllPendingVipRequests, rejectVipRequestAsAdmin } from '../vip/review';

/**
 * An approval of the VIP request that `approve` finds by the path's id (the request's or its member's): a money
 * decision, answered with the member as admins see them.
 */
const approvingVip = (path: `/${string}`, summary: string, approve: typeof approveVipRequestAsAdmin) =>
  mutation(adminMoneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: adminCall('POST', path, summary),
    input: recordIdInput,
    output: adminUserSchema,
    run: (ctx, input) => approve(ctx.db, input.id, actorOf(ctx), ctx.now()),
  });

export const adminVipRouter = router({
  pending: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/pending-vip', 'VIP requests waiting for approval'),
    ...answeringQueue('pending-vip', pendingVipRequestSchema, (ctx, window) => listAllPendingVipRequests(ctx, window)),
  }),

  approve: approvingVip('/admin/approve-vip/{id}', 'Approve a VIP request', approveVipRequestAsAdmin),
  approveForUser: approvingVip('/admin/users/{id}/vip-approval', 'Approve the pending VIP request of a user', approveUserVipRequestAsAdmin),

  reject: mutation(adminProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: adminCall('POST', '/admin/reject-vip/{id}', 'Reject a VIP request with a reason'),
    input: vipRejectInput,
    output: adminUserSchema,
    run: (ctx, input) => rejectVipRequestAsAdmin(ctx.db, input.id, input.reason, actorOf(ctx), ctx.now()),
  }),
});
