import { Suspense } from 'react';
import { lazyExport } from '../lib/lazy-export';

/**
 * Radix's toast region loads after the first paint: no page shows a toast before it has answered the
 * visitor, and toasts raised meanwhile wait in the store (use-toast.ts) until the region renders them.
 */
const ToastList = lazyExport(() => import('./toast-list'), 'ToastList');

/** Renders the toast store; mount once per app. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
