/**
 * The browser's side of push notifications (docs/architecture.md#web-push): the service worker's
 * PushManager, and the permission the member gave or refused.
 */

/** Where this browser stands: no push at all, notifications blocked by the member, or asked or not yet. */
export type BrowserPush = 'unsupported' | NotificationPermission;

export function browserPush(): BrowserPush {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** The service worker's registration, when the app registered one (none: push cannot work here). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!(await navigator.serviceWorker.getRegistration())) return undefined;
  return navigator.serviceWorker.ready;
}

/** The subscription this browser holds for the site, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** A base64url VAPID key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** Asks for the permission if it was never given, then subscribes with the site's key; null when refused. */
export async function subscribeBrowser(publicKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } } | null> {
  const worker = await registration();
  if (!worker) return null;
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}
