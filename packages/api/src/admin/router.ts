import { adminPasskeyActor } from '../passkeys/owner';
import { passkeysRouter } from '../passkeys/router';
import { adminMoneyProcedure, adminProcedure, mergeRouters, router } from '../trpc';
import { adminAccessRouter } from './access-router';
import { adminLogRouter } from './admin-log-router';
import { adminNotificationsRouter } from './notifications-router';
import { adminPayoutsRouter } from './payouts-router';
import { adminPlansRouter } from './plans-router';
import { adminPopupsRouter } from './popups-router';
import { adminRiskRouter } from './risk-router';
import { adminStatsRouter } from './stats-router';
import { adminSupportRouter } from './support-router';
import { adminSystemSettingsRouter } from './system-settings-router';
import { adminTasksRouter } from './tasks-router';
import { adminTransactionsRouter } from './transactions-router';
import { adminUsersRouter } from './users-router';
import { adminVipRouter } from './vip-router';

/**
 * Every admin call, under `admin`: the step-up itself (unlock, lock), then everything behind it, each on
 * adminProcedure. test/admin-authorization.test.ts calls each procedure under this key as every role.
 */
export const adminRouter = mergeRouters(
  adminAccessRouter,
  adminStatsRouter,
  adminLogRouter,
  adminTransactionsRouter,
  router({
    users: adminUsersRouter,
    vip: adminVipRouter,
    payouts: adminPayoutsRouter,
    plans: adminPlansRouter,
    tasks: adminTasksRouter,
    maintenance: adminSystemSettingsRouter,
    notifications: adminNotificationsRouter,
    popups: adminPopupsRouter,
    support: adminSupportRouter,
    risk: adminRiskRouter,
    passkeys: passkeysRouter({
      tier: adminProcedure,
      moneyTier: adminMoneyProcedure,
      actorOf: adminPasskeyActor,
      path: '/admin/passkeys',
      tag: 'admin',
      owner: 'admin',
    }),
  }),
);
