import { randomBytes } from 'node:crypto';
import { DEVICE_TRAITS_PATTERN } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The browser's long-lived device id: what ties accounts made on one phone or computer together. */
const DEVICE_COOKIE = 'device';
/** Browsers keep a cookie at most 400 days; the id is renewed on every visit that sees it missing. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The device id the client brought, or null when it brought none (a new one is offered in the answer). */
    deviceId: string | null;
    /** The browser traits the member app sent (X-Device-Traits), or null when none or not 64 lowercase hex digits. */
    deviceTraits: string | null;
  }
}

/** The header the member app sends its browser's traits in, with every call (docs/product-rules.md#fraud-rules). */
const DEVICE_TRAITS_HEADER = 'x-device-traits';

/**
 * Gives every browser a random device id in an HttpOnly first-party cookie at its first visit to the API
 * (the apps call it on every load), and keeps it on the request for the sign-in and payout records, with
 * the browser traits the member app sends beside it. A client can clear or forge either: each is one
 * signal among several, never proof. Public, cacheable answers
 * (/api/public) and static files never set it, so no shared cache stores a Set-Cookie.
 */
export function registerDeviceCookie(app: FastifyInstance, options: { secure: boolean }): void {
  app.decorateRequest('deviceId', null);
  app.decorateRequest('deviceTraits', null);
  app.addHook('onRequest', async (req, reply) => {
    const traits = req.headers[DEVICE_TRAITS_HEADER];
    req.deviceTraits = typeof traits === 'string' && DEVICE_TRAITS_PATTERN.test(traits) ? traits : null;
    const given = req.cookies[DEVICE_COOKIE];
    if (given && DEVICE_ID.test(given)) {
      req.deviceId = given;
      return;
    }
    req.deviceId = null;
    if (!setsDeviceCookie(req)) return;
    reply.setCookie(DEVICE_COOKIE, randomBytes(18).toString('base64url'), {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secure,
      path: '/',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  });
}

function setsDeviceCookie(req: FastifyRequest): boolean {
  const path = req.url.split('?', 1)[0] ?? '';
  return (path.startsWith('/api/') || path.startsWith('/trpc/')) && !path.startsWith('/api/public/');
}
