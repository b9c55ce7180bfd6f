import type { TrpcUtils } from '@app/client';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

/**
 * What route loaders receive. A loader starts its page's queries during navigation, in the same tick
 * as the root's, so the signed-in user and the page's first data arrive in one batched /trpc request.
 */
export interface RouterContext {
  trpc: TrpcUtils;
  queryClient: QueryClient;
}

/** The app's router; tests pass a memory history to start on a given URL. */
export function createAppRouter(history?: RouterHistory) {
  // The context is filled in by <App>, which owns the tRPC client.
  return createRouter({ routeTree, history, scrollRestoration: true, context: { trpc: undefined!, queryClient: undefined! } });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
