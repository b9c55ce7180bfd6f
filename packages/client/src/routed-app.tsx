import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { type AnyRoute, type AnyRouter, createRouter, type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { type LiveEventHandler, LiveUpdates } from './live';
import { nextTask } from './next-task';
import type { StepUp } from './step-up';
import { type AppClients, createAppClients, TrpcProvider } from './trpc';
import { queryUtilsOf, type TrpcUtils, trpc } from './trpc-hooks';

/**
 * What route loaders receive. A loader starts its page's queries during navigation, in the same tick
 * as the root's, so the signed-in user and the page's first data arrive in one batched /trpc request.
 */
export interface RouterContext {
  trpc: TrpcUtils;
  queryClient: QueryClient;
}

/**
 * An app's router over its generated route tree; tests pass a memory history to start on a given URL.
 * Its context is filled in by <RoutedApp>, which owns the tRPC client.
 */
export function createRoutedRouter<TRouteTree extends AnyRoute>(routeTree: TRouteTree, history?: RouterHistory) {
  const context: RouterContext = { trpc: undefined!, queryClient: undefined! };
  return createRouter({ routeTree, history, scrollRestoration: true, context });
}

/** An app of routes: the tRPC client, its live updates (each app says what an event refreshes) and the router. */
export function RoutedApp({
  router,
  onLiveEvent,
  stepUp,
  clients,
}: {
  router: AnyRouter;
  onLiveEvent: LiveEventHandler;
  stepUp?: StepUp;
  clients?: AppClients;
}) {
  return (
    <TrpcProvider stepUp={stepUp} clients={clients}>
      <LiveUpdates onEvent={onLiveEvent}>
        <RouterWithData router={router} />
      </LiveUpdates>
    </TrpcProvider>
  );
}

/**
 * Loads the router's first page, its route code and its loaders, before the app renders
 * (docs/architecture.md#what-a-page-loads-first), and gives the clients it loaded with to <RoutedApp>. The
 * app's first render then has the page it shows and renders it as one transition, in slices a slow phone
 * can answer taps between; rendered first, the router would find its page after the first render, and React
 * renders a store's change without slicing. A page that fails to load is loaded again once mounted.
 */
export async function loadFirstPage(router: AnyRouter): Promise<AppClients> {
  const clients = createAppClients();
  await nextTask();
  const context: RouterContext = { trpc: queryUtilsOf(clients.queryClient, clients.trpcClient), queryClient: clients.queryClient };
  router.update({ ...router.options, context });
  await router.load().catch(() => undefined);
  return clients;
}

/** Hands the query cache to route loaders, which start a page's queries before its first render. */
function RouterWithData({ router }: { router: AnyRouter }) {
  const trpcUtils = trpc.useUtils();
  const queryClient = useQueryClient();
  return <RouterProvider router={router} context={{ trpc: trpcUtils, queryClient }} />;
}
