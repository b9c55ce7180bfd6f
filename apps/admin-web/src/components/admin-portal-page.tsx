import { messages } from '@app/contracts';
import type { RouterContext } from '../router';
import { AdminGate } from './admin-gate';
import { AdminPanel } from './admin-panel';

/** /admin-portal and /admin/panel: the panel behind its own, full-screen gate. */
export function AdminPortalPage() {
  return (
    <AdminGate standalone deniedMessage={messages.auth.accessDeniedPortal}>
      <AdminPanel />
    </AdminGate>
  );
}

/**
 * Starts the panel's first reads (its statistics, and the settings behind the Dashboard tab) in the same
 * request as the root's `auth.user`, before anyone knows whether the visitor may see them. Refused
 * (signed out, a member, a locked admin), the read is put back to never-loaded, so the gate shows as
 * before and the panel asks again once it opens.
 */
export function prefetchPanel({ trpc }: RouterContext) {
  for (const read of [trpc.admin.stats, trpc.admin.maintenance.settings]) {
    void read.prefetch().then(() => {
      if (read.getData() === undefined) void read.reset();
    });
  }
}
