import type { LiveEventHandler } from '@app/client';
import { MaintenanceScreen } from './maintenance';

/**
 * What the member site reads again when the live stream says it changed (docs/architecture.md#live-updates):
 * the site's state, the support conversation, the notifications, the member's money and standing
 * (`account`: balances, pending amounts, the payout hold, the plan, the referral list); after a reconnect,
 * all of them. An invalidation reads again only what the open page shows.
 */
export const refreshMemberData: LiveEventHandler = (event, utils) => {
  if (event.topic === 'site') {
    // The site may have closed: its status and the maintenance screen's code (loaded only when needed) are
    // read side by side, and the status is shown once both are there, so that the screen renders at once.
    // Shown first, the status suspended the screen's first render, and React showed it 0.6 s after its code.
    void Promise.all([MaintenanceScreen.preload().catch(() => undefined), utils.client.maintenance.status.query()]).then(
      ([, status]) => utils.maintenance.status.setData(undefined, status),
      () => utils.maintenance.invalidate(),
    );
  }
  if (event.topic === 'resync') void utils.maintenance.invalidate();
  if (event.topic === 'support' || event.topic === 'resync') void utils.support.invalidate();
  if (event.topic === 'notifications' || event.topic === 'resync') {
    void utils.notifications.invalidate();
    // A referral bonus held at a friend's first task changes the referral list and brings a notice, but no
    // balance: the notice is what says the list changed (docs/product-rules.md#notices-of-money).
    void utils.referrals.list.invalidate();
  }
  if (event.topic === 'account' || event.topic === 'resync') {
    void Promise.all([
      utils.auth.user.invalidate(),
      utils.payouts.invalidate(),
      utils.transactions.invalidate(),
      utils.referrals.list.invalidate(),
      utils.vip.status.invalidate(),
    ]);
  }
};
