import { registerSW } from 'virtual:pwa-register';
import { messages } from '@app/contracts';
import { toast } from '@app/ui';
import { inLanguage } from './language';

/** An app left open (installed apps stay open for days) still hears of a new version within the hour. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers member-web's service worker (src/sw.ts; docs/architecture.md#service-worker). A new version
 * waits until the member presses Reload in the "Update available — reload" toast: it then takes over and
 * the page reloads on it, never in the middle of something the member is doing.
 */
export function registerServiceWorker(): void {
  const activateUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      toast({
        title: inLanguage(messages.appUpdate.available),
        duration: Number.POSITIVE_INFINITY,
        action: { label: inLanguage(messages.appUpdate.reload), onPress: () => void activateUpdate(true) },
      }),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
}
