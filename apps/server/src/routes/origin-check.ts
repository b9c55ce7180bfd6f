import { forbidden } from '@app/api';
import { messages } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence (docs/architecture.md#identity-and-access): a state-changing request must come from this site's own origin
 * (or a development server). Browsers always send Origin on such requests; a request without one is from a
 * non-browser client unless Sec-Fetch-Site says it crossed sites.
 *
 * The site's own origin is PUBLIC_URL's when it is set, and only then read from the request (its Host, or
 * the X-Forwarded-Host a trusted proxy passes on): a forwarded host is whatever the client wrote when the
 * proxy passes it through, and must not name the origin a forged request claims.
 */
export function registerOriginCheck(app: FastifyInstance, options: { publicUrl?: string | undefined; extraOrigins: string[] }): void {
  const configured = new Set(options.extraOrigins);
  const publicOrigin = options.publicUrl === undefined ? undefined : new URL(options.publicUrl).origin;
  if (publicOrigin) configured.add(publicOrigin);
  const ownOrigin = (req: FastifyRequest) => publicOrigin ?? `${req.protocol}://${req.host}`;

  const isAllowed = (req: FastifyRequest): boolean => {
    const origin = req.headers.origin;
    if (!origin) return req.headers['sec-fetch-site'] !== 'cross-site';
    return configured.has(origin) || origin === ownOrigin(req);
  };

  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    if (!isAllowed(req)) return sendError(reply, forbidden(messages.common.invalidOrigin));
  });
}
