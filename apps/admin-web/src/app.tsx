import { LiveUpdates, TrpcProvider } from '@app/client';
import { RouterProvider } from '@tanstack/react-router';
import { refreshAdminData } from './lib/live';
import type { createAppRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <TrpcProvider>
      <LiveUpdates onEvent={refreshAdminData}>
        <RouterProvider router={router} />
      </LiveUpdates>
    </TrpcProvider>
  );
}
