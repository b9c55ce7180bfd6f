import { createStepUp, RoutedApp } from '@app/client';
import { useState } from 'react';
import { refreshAdminData } from './lib/live';
import type { createAppRouter } from './router';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  // A money decision refused for want of a step-up opens the passkey prompt and goes again
  // (docs/architecture.md#passkeys-and-the-step-up); one refused for want of a passkey opens the Passkeys page.
  const [stepUp] = useState(() => createStepUp('admin', () => void router.navigate({ to: '/admin/passkeys' })));
  return <RoutedApp router={router} onLiveEvent={refreshAdminData} stepUp={stepUp} />;
}
