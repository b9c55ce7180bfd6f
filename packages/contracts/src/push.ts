import { z } from './zod';

/** Browsers one member may receive pushes on; subscribing another replaces the one used longest ago. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

/** The longest push endpoint accepted: the push services' own are under 300 characters. */
const PUSH_ENDPOINT_MAX_LENGTH = 1000;

/**
 * The push services the browsers subscribe with (Chrome, Edge, Firefox, Safari): an endpoint's host must be
 * one of these or below one, over https on port 443 (docs/architecture.md#web-push). An allowlist, not a
 * blocklist of private addresses: a host name of the member's choosing could resolve to one at send time.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** Whether an https endpoint is on a browser's push service, or on one of the origins a test configured. */
export function isAllowedPushEndpoint(endpoint: string, testOrigins: readonly string[] = []): boolean {
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH || !URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  // Exactly as a browser writes it: spaces, invisible characters or another spelling of the same address
  // (which the URL parser would trim, encode or lowercase) would store one browser as several.
  if (url.href !== endpoint) return false;
  if (testOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

/**
 * What the server answers a subscription it refuses. Here rather than in `messages`: `messages` is in every
 * app's first chunk, and only push's own code reads these. The opt-in's texts are the catalogues' push.*.
 */
export const pushRefusals = {
  endpointInvalid: 'This browser’s push service is not supported',
  keysInvalid: 'The browser sent push keys that are not valid',
  unavailable: 'Push notifications are not available on this site',
};
const pm = pushRefusals;
/**
 * A browser's PushSubscription as `toJSON()` gives it, its keys in unpadded base64url: p256dh an uncompressed
 * P-256 point (65 bytes, the first 0x04, so its text starts with B), auth 16 bytes. Whether the endpoint is
 * allowed is checked by the server.
 */
export const pushSubscribeInput = z.object({
  endpoint: z.string({ error: pm.endpointInvalid }).max(PUSH_ENDPOINT_MAX_LENGTH, pm.endpointInvalid),
  keys: z.object({
    p256dh: z.string({ error: pm.keysInvalid }).regex(/^B[A-Za-z0-9_-]{86}$/, pm.keysInvalid),
    auth: z.string({ error: pm.keysInvalid }).regex(/^[A-Za-z0-9_-]{22}$/, pm.keysInvalid),
  }),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeInput>;

export const pushUnsubscribeInput = z.object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH) });

/** The VAPID public key browsers subscribe with (applicationServerKey), or null when push is off on this site. */
export const pushPublicKeyOutput = z.object({ publicKey: z.string().nullable() });

/** What a push carries: the notification's text and where tapping it leads, nothing else. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}
