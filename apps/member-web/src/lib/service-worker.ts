import { registerSW } from 'virtual:pwa-register';

/** An app left open (installed apps stay open for days) still hears of a new version within the hour. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers member-web's service worker (src/sw.ts; docs/architecture.md#service-worker). A new version
 * waits until `offerUpdate` is answered: the app offers it in its "Update available — reload" toast
 * (update-prompt.ts), and the new worker then takes over and the page reloads on it, never in the middle of
 * something the member is doing. The landing page offers nothing: without React or the catalogues, it takes
 * the new version on a later visit, once no page of the old one is open.
 */
export function registerServiceWorker(offerUpdate?: (activate: () => void) => void): void {
  const activateUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => offerUpdate?.(() => void activateUpdate(true)),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
}
