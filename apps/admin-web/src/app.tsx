import { LiveUpdates, TrpcProvider, trpc } from '@app/client';
import { useQueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { refreshAdminData } from './lib/live';
import type { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

export function App({ router }: { router: AppRouter }) {
  return (
    <TrpcProvider>
      <LiveUpdates onEvent={refreshAdminData}>
        <RouterWithData router={router} />
      </LiveUpdates>
    </TrpcProvider>
  );
}

/** Hands the query cache to route loaders, which start a page's queries before its first render. */
function RouterWithData({ router }: { router: AppRouter }) {
  const trpcUtils = trpc.useUtils();
  const queryClient = useQueryClient();
  return <RouterProvider router={router} context={{ trpc: trpcUtils, queryClient }} />;
}
