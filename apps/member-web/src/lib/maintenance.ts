import { trpc, usePolling } from '@app/client';
import { isSiteClosed, MAINTENANCE_CHECK_MS, messages } from '@app/contracts';
import { lazyExport } from '@app/ui';
import { useCallback, useEffect } from 'react';
import { inLanguage } from './language';

/**
 * The screen of a closed site, loaded only when needed. The live stream preloads it when the site's state
 * changes (lib/live.ts): preloaded, it renders at once, where a lazy component's first render suspends and
 * React holds the screen back by a few hundred milliseconds more.
 */
export const MaintenanceScreen = lazyExport(() => import('../components/maintenance-screen'), 'MaintenanceScreen');

/**
 * The maintenance gate's status (docs/screens.md#member-screens): checked at load and every minute while no
 * live stream is connected (MaintenancePolling). A failed check changes nothing — the last known state (open,
 * at first) stays — and is only logged.
 */
export function useMaintenanceStatus() {
  const status = trpc.maintenance.status.useQuery();
  const { refetch, error } = status;

  useEffect(() => {
    if (error) console.error('Maintenance status check failed', error);
  }, [error]);

  const recheck = useCallback(() => {
    void refetch();
  }, [refetch]);

  return {
    closed: status.data ? isSiteClosed(status.data) : false,
    message: status.data?.message || inLanguage(messages.maintenance.defaultMessage),
    recheck,
    rechecking: status.isFetching,
  };
}

/**
 * Checks the site's state every minute while no live stream is connected. A component of its own, so that the
 * stream's connecting re-renders it alone and not the root, which reads the state: that re-render of the whole
 * app was one blocking task of about 50 ms just after the first render.
 */
export function MaintenancePolling() {
  trpc.maintenance.status.useQuery(undefined, { refetchInterval: usePolling(MAINTENANCE_CHECK_MS) });
  return null;
}
