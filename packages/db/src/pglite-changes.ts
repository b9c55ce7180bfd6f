import type { PGlite } from '@electric-sql/pglite';
import { CHANGES_CHANNEL, type ChangeFeed } from './changes';
import { FeedCore } from './feed-core';

/**
 * PGlite runs in this process: it delivers a transaction's notifications as it commits, and nothing can
 * drop them, so the feed is live from the start.
 */
export async function pgliteChangeFeed(pg: PGlite): Promise<ChangeFeed> {
  const core = new FeedCore();
  const unlisten = await pg.listen(CHANGES_CHANNEL, (payload) => core.deliver(payload));
  core.setLive(true);
  return {
    get live() {
      return core.live;
    },
    subscribe: (listener) => core.subscribe(listener),
    onStatus: (listener) => core.onStatus(listener),
    // Each statement's notifications are delivered before its promise settles: whatever committed before
    // a call has reached the listeners already.
    sync: async () => true,
    markBehind: () => {},
    catchUp: () => undefined,
    // PGlite's connection does not queue money changes: they are notified as they commit.
    sendQueuedSoon: () => {},
    async close() {
      core.setLive(false);
      await unlisten().catch(() => undefined);
    },
  };
}
