import type { LiveEventHandler } from '@app/client';

/**
 * What the member site reads again when the live stream says it changed (docs/architecture.md#live-updates):
 * the site's state, the support conversation, the notifications; after a reconnect, all of them.
 */
export const refreshMemberData: LiveEventHandler = (event, utils) => {
  if (event.topic === 'site') {
    // The site may have closed: the maintenance screen's code (loaded only when needed) comes alongside
    // the status, not after it.
    void import('../components/maintenance-screen');
  }
  if (event.topic === 'site' || event.topic === 'resync') void utils.maintenance.invalidate();
  if (event.topic === 'support' || event.topic === 'resync') void utils.support.invalidate();
  if (event.topic === 'notifications' || event.topic === 'resync') void utils.notifications.invalidate();
};
