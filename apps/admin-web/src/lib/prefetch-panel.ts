import type { RouterContext } from '../router';

/**
 * Starts the panel's first reads (its statistics, and the settings behind the Dashboard tab) in the same
 * request as the root's `auth.user`, before anyone knows whether the visitor may see them. Refused
 * (signed out, a member, a locked admin), the read is put back to never-loaded, so the gate shows as
 * before and the panel asks again once it opens. Kept apart from the panel's components: a route's loader
 * is in the app's first chunk, and importing the page from here would put the whole panel there too.
 */
export function prefetchPanel({ trpc }: RouterContext) {
  for (const read of [trpc.admin.stats, trpc.admin.maintenance.settings]) {
    void read.prefetch().then(() => {
      if (read.getData() === undefined) void read.reset();
    });
  }
}
