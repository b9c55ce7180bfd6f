import { lazy, Suspense } from 'react';

/**
 * Radix's toast region loads after the first paint: no page shows a toast before it has answered the
 * visitor, and toasts raised meanwhile wait in the store (use-toast.ts) until the region renders them.
 */
const ToastList = lazy(() => import('./toast-list').then((module) => ({ default: module.ToastList })));

/** Renders the toast store; mount once per app. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
