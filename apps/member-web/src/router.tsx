import { ROUTER_CONTEXT_FROM_APP } from '@app/client';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

export type { RouterContext } from '@app/client';

/** The app's router; tests pass a memory history to start on a given URL. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history, scrollRestoration: true, context: ROUTER_CONTEXT_FROM_APP });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
