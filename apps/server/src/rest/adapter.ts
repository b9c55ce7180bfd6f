import { type AppRouter, type Context, jsonOfPrepared, languageOf } from '@app/api';
import type { FileOutput } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { sendError } from '../errors';
import { type RouterProcedure, routerProcedures } from '../trpc/procedures';

export const REST_PREFIX = '/api';

interface RestProcedure {
  path: string;
  method: HTTPMethods;
  url: string;
  takesInput: boolean;
  download: boolean;
  /** Seconds a shared cache may keep the answer (the same for everyone), or none. */
  cacheSeconds: number | undefined;
}

/** Every procedure with OpenAPI metadata, as a REST route: '/tasks/{id}/start' becomes '/api/tasks/:id/start'. */
export function listRestProcedures(router: AppRouter): RestProcedure[] {
  return [...routerProcedures(router).values()].flatMap(({ path, meta, inputs }) => {
    const openapi = meta?.openapi;
    if (!openapi) return [];
    const takesInput = inputs.length > 0 && !(inputs.length === 1 && inputs[0] instanceof z.ZodVoid);
    return [
      {
        path,
        method: openapi.method as HTTPMethods,
        url: `${REST_PREFIX}${openapi.path.replace(/\{(\w+)\}/g, ':$1')}`,
        takesInput,
        download: meta?.download === true,
        cacheSeconds: meta?.cacheSeconds,
      },
    ];
  });
}

/**
 * The REST face of the tRPC router: one Fastify route per documented path, calling the same procedure
 * through a server-side caller, so each call has one implementation (docs/architecture.md#packages-and-layers). Query
 * string (GET, DELETE) or JSON body, plus path parameters, make the procedure's input.
 */
export function registerRestRoutes(
  app: FastifyInstance,
  router: AppRouter,
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>,
): void {
  const procedures = routerProcedures(router);
  for (const route of listRestProcedures(router)) {
    const procedure = procedures.get(route.path) as RouterProcedure;
    app.route({
      method: route.method,
      url: route.url,
      // A cacheable answer is the same for everyone: one that carries this caller's cookie (a session
      // renewed, a stale one cleared) is kept by no shared cache, or the next caller would get the cookie.
      ...(route.cacheSeconds ? { onSend: keptByNoCacheWithCookie } : {}),
      handler: async (req, reply) => {
        const ctx = await createContext(req, reply);
        const fromRequest = route.method === 'GET' || route.method === 'DELETE' ? req.query : req.body;
        const params = req.params as Record<string, string>;
        const input = route.takesInput ? mergeInput(fromRequest, params) : undefined;
        try {
          // The procedure itself, found once at start, rather than a caller proxy built per request.
          const data = await procedure.call({ ctx, input });
          if (route.download) {
            const file = data as FileOutput;
            return reply
              .type(file.contentType)
              .header('content-disposition', `attachment; filename="${file.filename}"`)
              .header('cache-control', 'no-store')
              .send(file.body);
          }
          if (route.cacheSeconds) reply.header('cache-control', `public, max-age=${route.cacheSeconds}`);
          // An answer shared by many requests was written as JSON when it was made (docs/architecture.md#prepared-answers).
          const json = jsonOfPrepared(data);
          if (json !== undefined) return reply.type('application/json; charset=utf-8').send(json);
          return reply.send(data ?? null);
        } catch (cause) {
          return sendError(reply, cause, { procedure: route.path, language: languageOf(ctx) });
        }
      },
    });
  }
}

async function keptByNoCacheWithCookie(_req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.getHeader('set-cookie') !== undefined) reply.header('cache-control', 'private, no-store');
  return payload;
}

/** Path parameters win over body fields of the same name; a non-object body stays as it is for zod to refuse. */
function mergeInput(fromRequest: unknown, params: Record<string, string>): unknown {
  const hasParams = Object.keys(params).length > 0;
  if (fromRequest === undefined || fromRequest === null) return hasParams ? { ...params } : {};
  if (typeof fromRequest !== 'object' || Array.isArray(fromRequest)) return fromRequest;
  return { ...(fromRequest as Record<string, unknown>), ...params };
}
