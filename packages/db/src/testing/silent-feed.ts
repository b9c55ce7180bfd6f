import type { ChangeFeed } from '../changes';

/**
 * A change feed that brings no change: up (`live`), the caches over it keep whatever they read, as an
 * instance does that has not heard of a change yet; down, they keep values only for the cold-feed age.
 */
export function silentFeed(live: boolean): ChangeFeed {
  return {
    live,
    subscribe: () => () => {},
    onStatus: () => () => {},
    sync: async () => live,
    markBehind: () => {},
    catchUp: () => undefined,
    sendQueuedSoon: () => {},
    close: async () => {},
  };
}
