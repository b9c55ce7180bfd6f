import { adminBalanceInput, adminUserListInput, adminUserListOutput, adminUserSchema, adminUserStatusInput } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { answeringAdminList } from '../lib/queue';
import { adminCall, adminMoneyProcedure, adminProcedure, mutation, query, router } from '../trpc';
import { listAllUsers, setAccountStatus, setAvailableBalance } from '../users/service';

export const adminUsersRouter = router({
  list: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/users', 'Users, newest first, by filter and search, one page at a time'),
    ...answeringAdminList('users', adminUserListInput, adminUserListOutput, (ctx, input) => listAllUsers(ctx.db, input, ctx.now())),
  }),

  setStatus: mutation(adminProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: adminCall('POST', '/admin/users/{id}/status', 'Set a user’s account status with a reason'),
    input: adminUserStatusInput,
    output: adminUserSchema,
    run: (ctx, input) =>
      setAccountStatus(ctx.db, { userId: input.id, status: input.status, reason: input.reason || null }, actorOf(ctx), ctx.now()),
  }),

  setBalance: mutation(adminMoneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: adminCall('PUT', '/admin/users/{userId}/balance', 'Set a user’s available balance (an admin adjustment in the ledger)'),
    input: adminBalanceInput,
    output: adminUserSchema,
    run: (ctx, input) =>
      setAvailableBalance(
        ctx.db,
        { userId: input.userId, newBalance: input.newBalance, expectedBalance: input.expectedBalance, reason: input.reason },
        actorOf(ctx),
        ctx.now(),
        ctx.settings.balanceCeiling,
      ),
  }),
});
