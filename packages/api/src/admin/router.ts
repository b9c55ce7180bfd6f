import { mergeRouters, router } from '../trpc';
import { adminAccessRouter } from './access-router';
import { adminActivityRouter } from './activity-router';
import { adminMaintenanceRouter } from './maintenance-router';
import { adminNotificationsRouter } from './notifications-router';
import { adminPayoutsRouter } from './payouts-router';
import { adminPlansRouter } from './plans-router';
import { adminPopupsRouter } from './popups-router';
import { adminRiskRouter } from './risk-router';
import { adminStatsRouter } from './stats-router';
import { adminSupportRouter } from './support-router';
import { adminTasksRouter } from './tasks-router';
import { adminUsersRouter } from './users-router';
import { adminVipRouter } from './vip-router';

/**
 * Every admin call, under `admin`: the step-up itself (unlock, lock), then everything behind it, each on
 * adminProcedure. test/admin-authorization.test.ts calls each procedure under this key as every role.
 */
export const adminRouter = mergeRouters(
  adminAccessRouter,
  adminStatsRouter,
  adminActivityRouter,
  router({
    users: adminUsersRouter,
    vip: adminVipRouter,
    payouts: adminPayoutsRouter,
    plans: adminPlansRouter,
    tasks: adminTasksRouter,
    maintenance: adminMaintenanceRouter,
    notifications: adminNotificationsRouter,
    popups: adminPopupsRouter,
    support: adminSupportRouter,
    risk: adminRiskRouter,
  }),
);
