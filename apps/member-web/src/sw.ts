import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isMemberAppHref } from './lib/navigation';

/*
 * member-web's service worker (docs/architecture.md#service-worker). It keeps the app shell and the
 * build's hashed files, versioned by the build's manifest, and nothing else: the API (/api, /trpc), the
 * uploads and every answer with a balance always go to the network, and the admin apps' pages are not
 * its to answer. It also shows the Web Push notifications the server sends.
 */

declare const self: ServiceWorkerGlobalScope;

/** Written by tooling/app-icons.ts at every build. */
const NOTIFICATION_ICON = '/icons/icon-192.png';
const NOTIFICATION_BADGE = '/icons/badge-96.png';

/** Where the app shell lives in the precache: the page every member path is served from. */
const APP_SHELL = 'index.html';

/*
 * A member page comes from the network first, so a signed-in visitor always gets the server's current
 * page; only when no answer comes (offline) is the precached shell served, and the app then shows its
 * own offline screen. Registered before the precache route, which would answer "/" from the cache.
 * Navigation preload stays off: the browser would also preload the navigations this worker leaves to
 * the network (the admin apps, the sign-in callback), then send each of them a second time.
 */
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isMemberAppHref(url.pathname),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache(APP_SHELL);
      if (!shell) throw error;
      return shell;
    }
  },
);

/** The build's files with their revisions, written in by vite-plugin-pwa (injectManifest). */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open tabs at once; a later one waits for the prompt's Reload (below).
clientsClaim();

/** The prompt's Reload button (virtual:pwa-register's updateSW) asks the waiting worker to take over. */
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * What a Web Push message from the server carries: the notification's
 * text and the member page it opens, never more. Read defensively: a push is not a call whose answer was
 * checked by a schema.
 */
interface PushNotificationPayload {
  title: string;
  body: string;
  url?: string;
}

function readPush(data: PushMessageData | null): PushNotificationPayload | null {
  try {
    const payload = data?.json() as Partial<PushNotificationPayload> | undefined;
    if (typeof payload?.title !== 'string' || typeof payload.body !== 'string') return null;
    return { title: payload.title, body: payload.body, url: typeof payload.url === 'string' ? payload.url : undefined };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPush(event.data);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      data: { url: payload.url },
    }),
  );
});

/** The page a notification opens: its own path on this site, else the dashboard. */
function notificationTarget(url: unknown): string {
  const target = new URL(typeof url === 'string' ? url : '/', self.location.origin);
  return target.origin === self.location.origin && isMemberAppHref(target.pathname) ? target.href : new URL('/', self.location.origin).href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      const memberTab = windows.find((tab) => isMemberAppHref(new URL(tab.url).pathname));
      if (!memberTab) {
        await self.clients.openWindow(target);
        return;
      }
      const focused = await memberTab.focus();
      await focused.navigate(target);
    })(),
  );
});
