import { forbidden } from '@app/api';
import { messages } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence (docs/architecture.md#identity-and-access): a state-changing request must come from this site's own origin
 * (or PUBLIC_URL, or a development server). Browsers always send Origin on such requests; a request
 * without one is from a non-browser client unless Sec-Fetch-Site says it crossed sites.
 */
export function registerOriginCheck(app: FastifyInstance, options: { publicUrl?: string | undefined; extraOrigins: string[] }): void {
  const configured = new Set(options.extraOrigins);
  if (options.publicUrl) configured.add(new URL(options.publicUrl).origin);

  const isAllowed = (req: FastifyRequest): boolean => {
    const origin = req.headers.origin;
    if (!origin) return req.headers['sec-fetch-site'] !== 'cross-site';
    if (configured.has(origin)) return true;
    return origin === `${req.protocol}://${req.host}`;
  };

  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    if (!isAllowed(req)) return sendError(reply, forbidden(messages.common.invalidOrigin));
  });
}
