import { adminLogListOutput, adminPageInput } from '@app/contracts';
import { listAllAdminLogs } from '../admin-log/service';
import { answeringAdminList } from '../lib/queue';
import { adminCall, adminProcedure, query, router } from '../trpc';

/** The audit log: the admins' own actions. */
export const adminLogRouter = router({
  logs: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/logs', 'Admin activity, newest first, paged'),
    ...answeringAdminList('logs', adminPageInput, adminLogListOutput, (ctx, input) => listAllAdminLogs(ctx.db, input)),
  }),
});
