import type { LiveEventHandler } from '@app/client';

/**
 * What the admin panel reads again when the live stream says it changed (docs/architecture.md#live-updates):
 * the site's state, the inbox and its threads, the queues with the pending counts; after a reconnect, all.
 */
export const refreshAdminData: LiveEventHandler = (event, utils) => {
  const all = event.topic === 'resync';
  if (event.topic === 'site' || all) {
    void utils.maintenance.invalidate();
    void utils.admin.maintenance.invalidate();
  }
  if (event.topic === 'support' || all) void utils.admin.support.invalidate();
  // The console's counts: the queues, the unread conversations, and the held bonuses and risk scores a payout or a request moves.
  if (event.topic === 'queues' || event.topic === 'support' || all) void utils.admin.queueCounts.invalidate();
  if (event.topic === 'queues' || all) {
    void utils.admin.stats.invalidate();
    void utils.admin.payouts.unsent.invalidate();
    void utils.admin.payouts.pending.invalidate();
    void utils.admin.vip.pending.invalidate();
  }
  if (event.topic === 'notifications' || all) void utils.admin.notifications.invalidate();
};
