import { adminLogListOutput, adminPageInput } from '@app/contracts';
import { listAllAdminLogs } from '../admin-log/service';
import { acceptingPrepared } from '../lib/prepared';
import { answerAdminList } from '../lib/queue';
import { adminCall, adminProcedure, query, router } from '../trpc';

/** The audit log: the admins' own actions. */
export const adminLogRouter = router({
  logs: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/logs', 'Admin activity, newest first, paged'),
    input: adminPageInput,
    output: acceptingPrepared(adminLogListOutput),
    run: (ctx, input) => answerAdminList(ctx, 'logs', input, adminLogListOutput, () => listAllAdminLogs(ctx.db, input)),
  }),
});
