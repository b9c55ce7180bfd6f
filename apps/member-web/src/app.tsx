import { TrpcProvider } from '@app/ui';
import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <TrpcProvider>
      <RouterProvider router={router} />
    </TrpcProvider>
  );
}
