import { type AppClients, RoutedApp } from '@app/client';
import { refreshMemberData } from './lib/live';
import type { createAppRouter } from './router';

export function App({ router, clients }: { router: ReturnType<typeof createAppRouter>; clients?: AppClients }) {
  return <RoutedApp router={router} onLiveEvent={refreshMemberData} clients={clients} />;
}
