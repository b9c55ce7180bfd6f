import { messages } from '@app/contracts';
import { Button, StandaloneCard } from '@app/ui';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { inLanguage } from '../lib/language';

const reload = () => window.location.reload();

/**
 * What a member page shows when it was opened without a connection (docs/architecture.md#service-worker):
 * the service worker served the app shell, and the first call got no answer. Retry reloads the page, at
 * once or as soon as the browser is back online. Loaded only then, so it stays out of the first chunk.
 */
export function OfflineScreen() {
  const [waiting, setWaiting] = useState(false);
  const retry = () => {
    if (navigator.onLine) return reload();
    setWaiting(true);
    window.addEventListener('online', reload, { once: true });
  };
  return (
    <StandaloneCard
      icon={WifiOff}
      tone="warning"
      title={inLanguage(messages.offline.title)}
      description={inLanguage(messages.offline.description)}
      className="bg-background"
      cardClassName="p-8"
    >
      <Button onClick={retry} disabled={waiting}>
        <RefreshCw className={waiting ? 'animate-spin motion-reduce:animate-none' : undefined} aria-hidden="true" />
        {waiting ? inLanguage(messages.offline.waitingForConnection) : inLanguage(messages.offline.retry)}
      </Button>
    </StandaloneCard>
  );
}
