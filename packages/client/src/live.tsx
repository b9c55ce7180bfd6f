import type { LiveEvent } from '@app/contracts';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useFirstRead } from './trpc';
import { type TrpcUtils, trpc } from './trpc-hooks';

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
  const start = useStreamStart();
  const subscription = trpc.live.events.useSubscription(start ?? undefined, {
    enabled: start !== null && typeof EventSource !== 'undefined',
    onData: ({ data }) => onEvent(data, utils),
  });
  // 'pending': connected and waiting for the next event.
  return <LiveContext.Provider value={subscription.status === 'pending'}>{children}</LiveContext.Provider>;
}

/**
 * Where the stream starts: once the app's first read has answered, from that read's position (no `resync`,
 * so the page does not read again what it has just read); null until then.
 */
function useStreamStart(): { lastEventId: string | null } | null {
  const firstRead = useFirstRead();
  const [start, setStart] = useState<{ lastEventId: string | null } | null>(firstRead ? null : { lastEventId: null });
  useEffect(() => {
    let mounted = true;
    void firstRead?.position.then((lastEventId) => {
      if (mounted) setStart({ lastEventId });
    });
    return () => {
      mounted = false;
    };
  }, [firstRead]);
  return start;
}

/** A screen's polling interval while no live stream is connected; none while one is. */
export function usePolling(intervalMs: number | false): number | false {
  return useContext(LiveContext) ? false : intervalMs;
}
