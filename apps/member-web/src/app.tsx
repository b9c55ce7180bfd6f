import { RoutedApp } from '@app/client';
import { refreshMemberData } from './lib/live';
import type { createAppRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RoutedApp router={router} onLiveEvent={refreshMemberData} />;
}
