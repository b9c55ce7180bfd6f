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
 * The maintenance gate's status (docs/screens.md#member-screens): checked at load and every minute. A failed
 * check changes nothing — the last known state (open, at first) stays — and is only logged.
 */
export function useMaintenanceStatus() {
  const status = trpc.maintenance.status.useQuery(undefined, { refetchInterval: usePolling(MAINTENANCE_CHECK_MS) });
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
