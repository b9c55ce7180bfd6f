import type { LiveEvent } from '@app/contracts';
import { createContext, type ReactNode, useContext } from 'react';
import { type TrpcUtils, trpc } from './trpc';

const LiveContext = createContext(false);

/** What an app reads again when the live stream says its data changed. */
export type LiveEventHandler = (event: LiveEvent, utils: TrpcUtils) => void;

/**
 * Keeps one live stream open while the app runs (docs/architecture.md#live-updates) and hands each event to
 * `onEvent`, which reads the changed data again. Where the browser has no EventSource, or the stream
 * fails, nothing is connected and the screens poll instead (usePolling).
 */
export function LiveUpdates({ onEvent, children }: { onEvent: LiveEventHandler; children: ReactNode }) {
  const utils = trpc.useUtils();
  const subscription = trpc.live.events.useSubscription(undefined, {
    enabled: typeof EventSource !== 'undefined',
    onData: ({ data }) => onEvent(data, utils),
  });
  // 'pending': connected and waiting for the next event.
  return <LiveContext.Provider value={subscription.status === 'pending'}>{children}</LiveContext.Provider>;
}

/** A screen's polling interval while no live stream is connected; none while one is. */
export function usePolling(intervalMs: number | false): number | false {
  return useContext(LiveContext) ? false : intervalMs;
}
