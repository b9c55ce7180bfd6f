import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AD_SCRIPT_URL } from '@app/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * What the ad network's loader needs besides itself: the hosts AdSense loads further scripts from, renders
 * ads in frames from, and reports to. Allowed only with AD_CLIENT_ID. Google documents only a nonce-based
 * ("strict") policy for its ad tags and changes these hosts over time, so this list may need additions.
 */
const AD_NETWORK = {
  scripts: [
    new URL(AD_SCRIPT_URL).origin,
    'https://partner.googleadservices.com',
    'https://tpc.googlesyndication.com',
    'https://www.googletagservices.com',
    'https://*.adtrafficquality.google',
  ],
  frames: [
    'https://googleads.g.doubleclick.net',
    'https://tpc.googlesyndication.com',
    'https://www.google.com',
    'https://*.adtrafficquality.google',
  ],
  connections: [new URL(AD_SCRIPT_URL).origin, 'https://*.adtrafficquality.google'],
};

/**
 * The Content-Security-Policy of every response. The three apps are built bundles served from this
 * origin; the two server-rendered pages (development sign-in, API reference) carry their inline
 * <style>/<script> under a per-response nonce (see `nonceRoute`).
 * - style-src allows inline styles: Radix UI sets style attributes (positioning, progress widths) and
 *   its scroll lock injects a <style> element at run time, which a nonce cannot reach in a static bundle.
 * - img-src allows any http(s) image: popup HTML may show images from anywhere (the sanitizer keeps
 *   http and https sources) and ads show theirs; data: is for inline images of the UI kit.
 * - Partner sites open in a new tab, never in a frame, so frames are refused unless ads are on.
 */
function contentSecurityPolicy(config: Pick<Config, 'AD_CLIENT_ID' | 'isProduction'>): Record<string, string[]> {
  const ads = Boolean(config.AD_CLIENT_ID);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(ads ? AD_NETWORK.scripts : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(ads ? AD_NETWORK.connections : [])],
    'frame-src': ads ? AD_NETWORK.frames : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(config.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Route options for a server-rendered page whose inline <style> and <script> use `reply.cspNonce`. */
export const nonceRoute = { config: { cspNonces: true } } as const;

declare module 'fastify' {
  interface FastifyReply {
    /** This response's nonces, on a nonceRoute only. */
    cspNonce: { script: string; style: string } | null;
  }
  interface FastifyContextConfig {
    cspNonces?: boolean;
  }
}

/** The nonces of a nonceRoute's response, which its inline <style> and <script> carry. */
export function cspNonces(reply: FastifyReply): { script: string; style: string } {
  if (!reply.cspNonce) throw new Error('cspNonces: the route is not a nonceRoute');
  return reply.cspNonce;
}

/** The headers one helmet middleware sets on a response, as a name-to-value map. */
function headersOf(middleware: ReturnType<typeof helmet>, request: IncomingMessage, nonces?: { script: string; style: string }) {
  const headers: Record<string, string> = {};
  const response = {
    nonces,
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware(request, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every response (helmet): the policy above, HSTS in production only (a development
 * server on plain http must not pin browsers to https), no referrer path sent to other sites, no MIME
 * sniffing, a browsing context of our own (partner tabs get no handle on ours), no framing. They are the
 * same for every response but the two nonce pages, so they are worked out once at start: building helmet's
 * middleware and parsing the policy at every request cost about 7 % of a signed-in read's CPU.
 *
 * Every answer is also `private, no-store` unless its route says otherwise (the built apps' files, the
 * photos, the public figures): most carry one member's data, which no shared cache or back button may keep.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const directives = contentSecurityPolicy(config);
  const options = (policy: Record<string, Array<string | ((req: IncomingMessage, res: ServerResponse) => string)>>) =>
    ({
      contentSecurityPolicy: { useDefaults: false, directives: policy },
      strictTransportSecurity: config.isProduction ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
    }) as const;
  const nonceOf = (kind: 'script' | 'style') => (_req: IncomingMessage, res: ServerResponse) =>
    `'nonce-${(res as unknown as { nonces: Record<string, string> }).nonces[kind]}'`;
  const everyResponse = { ...headersOf(helmet(options(directives)), {} as IncomingMessage), 'cache-control': 'private, no-store' };
  const withNonces = helmet(
    options({
      ...directives,
      'script-src': [...(directives['script-src'] ?? []), nonceOf('script')],
      'style-src': [...(directives['style-src'] ?? []), nonceOf('style')],
    }),
  );

  app.decorateReply('cspNonce', null);
  app.addHook('onRequest', (req, reply, done) => {
    if (req.routeOptions.config.cspNonces) {
      reply.cspNonce = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
      reply.headers({ ...headersOf(withNonces, req.raw, reply.cspNonce), 'cache-control': 'private, no-store' });
    } else {
      reply.headers(everyResponse);
    }
    done();
  });
}
