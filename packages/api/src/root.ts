import { adminRouter } from './admin/router';
import { authRouter } from './auth/router';
import { commissionRouter } from './commission/router';
import { liveRouter } from './live/router';
import { notificationsRouter } from './notifications/router';
import { payoutsRouter } from './payouts/router';
import { popupsRouter } from './popups/router';
import { profileRouter } from './profile/router';
import { pushRouter } from './push/router';
import { referralsRouter } from './referrals/router';
import { siteRouter } from './site/router';
import { supportRouter } from './support/router';
import { maintenanceRouter } from './system-settings/router';
import { tasksRouter } from './tasks/router';
import { transactionsRouter } from './transactions/router';
import { router } from './trpc';
import { vipRouter } from './vip/router';

/** One router per domain (docs/architecture.md#packages-and-layers); each documented /api path is one of these procedures. */
export const appRouter = router({
  auth: authRouter,
  maintenance: maintenanceRouter,
  site: siteRouter,
  admin: adminRouter,
  commission: commissionRouter,
  tasks: tasksRouter,
  transactions: transactionsRouter,
  vip: vipRouter,
  payouts: payoutsRouter,
  referrals: referralsRouter,
  profile: profileRouter,
  support: supportRouter,
  notifications: notificationsRouter,
  popups: popupsRouter,
  push: pushRouter,
  live: liveRouter,
});

export type AppRouter = typeof appRouter;
