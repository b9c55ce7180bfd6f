import { badRequest } from '@app/api';
import { messages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors';

/**
 * Browsers and reverse proxies name a request's target in origin-form (`/path?query`). Fastify also
 * routes the absolute form meant for proxies (`http://host/path`), which the hooks that read the raw
 * target (body rules, device cookie) would take for another path: such a request is refused before any
 * of them runs.
 */
export function registerRequestTarget(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/')) return sendError(reply, badRequest(messages.common.badRequest));
  });
}
