import { useEffect } from 'react';

/** How long to wait where the browser has no requestIdleCallback (Safari) before fetching anyway. */
export const IDLE_FALLBACK_MS = 500;

/**
 * Runs every loader once, when the browser is first idle after the component has mounted, so code the
 * screen may need next is fetched without competing with its first paint
 * (docs/architecture.md#what-a-page-loads-first). Unmounted before then, nothing is loaded.
 */
export function useIdlePrefetch(loaders: readonly (() => Promise<unknown>)[]) {
  useEffect(() => {
    const loadAll = () => {
      for (const load of loaders) void load();
    };
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(loadAll, IDLE_FALLBACK_MS);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(loadAll, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [loaders]);
}
