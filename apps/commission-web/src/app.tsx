import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from './router';

/**
 * The app's entry only routes. The data layer (tRPC and its query cache) comes with the one page that
 * uses it (routes/index.tsx), so the first download stays within the initial-JavaScript budget.
 */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
