import { adminBalanceInput, adminUserListInput, adminUserListOutput, adminUserSchema, adminUserStatusInput } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { acceptingPrepared } from '../lib/prepared';
import { answerAdminList } from '../lib/queue';
import { adminMoneyProcedure, adminProcedure, router } from '../trpc';
import { listAllUsers, setAccountStatus, setAvailableBalance } from '../users/service';

export const adminUsersRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users',
        tags: ['admin'],
        summary: 'Users, newest first, by filter and search, one page at a time',
        protect: true,
      },
    })
    .input(adminUserListInput)
    .output(acceptingPrepared(adminUserListOutput))
    .query(({ ctx, input }) => answerAdminList(ctx, 'users', input, adminUserListOutput, () => listAllUsers(ctx.db, input, ctx.now()))),

  setStatus: adminProcedure
    .meta({
      refusals: ['NOT_FOUND'],
      openapi: {
        method: 'POST',
        path: '/admin/users/{id}/status',
        tags: ['admin'],
        summary: 'Set a user’s account status with a reason',
        protect: true,
      },
    })
    .input(adminUserStatusInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) =>
      setAccountStatus(ctx.db, { userId: input.id, status: input.status, reason: input.reason || null }, actorOf(ctx), ctx.now()),
    ),

  setBalance: adminMoneyProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      openapi: {
        method: 'PUT',
        path: '/admin/users/{userId}/balance',
        tags: ['admin'],
        summary: 'Set a user’s available balance (an admin adjustment in the ledger)',
        protect: true,
      },
    })
    .input(adminBalanceInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) =>
      setAvailableBalance(
        ctx.db,
        { userId: input.userId, newBalance: input.newBalance, expectedBalance: input.expectedBalance, reason: input.reason },
        actorOf(ctx),
        ctx.now(),
        ctx.settings.balanceCeiling,
      ),
    ),
});
