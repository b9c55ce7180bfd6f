import {
  type AppRouter,
  admitLiveStream,
  type Context,
  jsonOfPrepared,
  LIVE_EVENTS_PROCEDURE,
  notFound,
  publicError,
  type StreamSlot,
} from '@app/api';
import { LIVE_POSITION_HEADER, MAX_BATCH_CALLS, messages } from '@app/contracts';
import { getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { logPublicError, sendError } from '../errors';
import { type RouterProcedure, routerErrorShape, routerProcedures } from './procedures';

type ContextFor = (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;

/** The route of every tRPC call; its `path` parameter names the procedures, comma-separated in a batch. */
export const TRPC_ROUTE = '/trpc/:path';

/** The procedures a tRPC call names, as its route decoded them (once, as the router did). */
export function proceduresOf(path: string): string[] {
  return path.split(',');
}

/** One call of a batch as tRPC's wire format writes it: `{"result":{"data":…}}` or `{"error":…}`. */
type Answered = { json: string; status: number; error?: TRPCError };

/**
 * tRPC at /trpc (docs/architecture.md#batched-queries). A GET batch of queries, which is what every
 * page's first load and every refetch sends (httpBatchLink), is answered here: the procedures are called
 * as tRPC's server-side caller calls them, with one context for the batch, and their answers (an answer
 * prepared from cached rows as the JSON it was written as) go out in tRPC's batch format, with tRPC's
 * own error shapes and status codes. Everything else (mutations, the live stream, a batch this does not
 * read, such as one with malformed input or an unknown procedure) goes to tRPC's Fastify adapter, whose
 * fetch Request, abort signal and Response stream cost about four times what these calls do.
 */
export async function registerTrpc(
  app: FastifyInstance,
  router: AppRouter,
  contextFor: ContextFor,
  livePosition: () => string,
): Promise<void> {
  const trpcOptions = {
    router,
    maxBatchSize: MAX_BATCH_CALLS,
    createContext: ({ req, res }) => contextFor(req, res),
    // Status, code, message and log line of each error are publicError's (docs/architecture.md#errors): the
    // error formatter puts the status in the shape, this logs it and adds when to come back.
    onError: ({ error, path }) => logPublicError(app.log, publicError(error), path),
    responseMeta: ({ errors }) => {
      const wait = retryAfter(errors);
      return wait === null ? {} : { headers: new Headers({ 'retry-after': String(wait) }) };
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];
  const procedures = routerProcedures(router);

  await app.register(async (trpc) => {
    // As tRPC's own plugin: bodies reach it unparsed, for it to read.
    trpc.removeContentTypeParser('application/json');
    trpc.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    trpc.removeContentTypeParser('multipart/form-data');
    trpc.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

    trpc.all(TRPC_ROUTE, async (req, reply) => {
      const path = (req.params as { path: string }).path;
      // No procedure's name holds a '%'. What still holds one once the route has decoded the path, tRPC
      // would decode again into another name than the one the rate limits counted (or fail to decode).
      if (path.includes('%')) return sendError(reply, notFound(messages.common.notFound));
      if (path === LIVE_EVENTS_PROCEDURE && req.method === 'GET') {
        // Admitted under the caps before tRPC starts the event stream, so a refusal is a real 429 or 503 with
        // Retry-After (docs/architecture.md#live-updates); the place is given back when the answer closes.
        let ctx: Context;
        let slot: StreamSlot;
        try {
          ctx = await contextFor(req, reply);
          slot = admitLiveStream(ctx);
        } catch (error) {
          return sendError(reply, error, { procedure: path });
        }
        ctx.liveSlot = slot;
        reply.raw.once('close', slot.release);
        await fastifyRequestHandler({ ...trpcOptions, createContext: async () => ctx, req, res: reply, path });
        return;
      }
      const batch = readQueryBatch(req, path, procedures);
      if (!batch) {
        await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });
        return;
      }

      // Taken before anything is read (the session and user too): a change after it reaches the page's first
      // stream, which resumes from here (docs/architecture.md#live-updates).
      reply.header(LIVE_POSITION_HEADER, livePosition());
      let ctx: Context | undefined;
      let contextError: TRPCError | undefined;
      try {
        ctx = await contextFor(req, reply);
      } catch (cause) {
        contextError = getTRPCErrorFromUnknown(cause);
      }
      const answered = await Promise.all(
        batch.paths.map(async (procedurePath, index): Promise<Answered> => {
          const input = batch.inputs[index];
          try {
            if (contextError || !ctx) throw contextError;
            const procedure = procedures.get(procedurePath) as RouterProcedure;
            const data = await procedure.call({ ctx, input, batchIndex: index });
            const json = jsonOfPrepared(data) ?? JSON.stringify(data);
            // undefined data is left out, as JSON.stringify leaves it out of tRPC's own envelope.
            return { json: json === undefined ? '{"result":{}}' : `{"result":{"data":${json}}}`, status: 200 };
          } catch (cause) {
            const error = getTRPCErrorFromUnknown(cause);
            logPublicError(app.log, publicError(error), procedurePath);
            const shape = routerErrorShape(router, { ctx, error, input, path: procedurePath, type: 'query' });
            return { json: JSON.stringify({ error: shape }), status: getHTTPStatusCode({ error: shape }), error };
          }
        }),
      );
      const statuses = new Set(answered.map((call) => call.status));
      const wait = retryAfter(answered.flatMap((call) => (call.error ? [call.error] : [])));
      if (wait !== null) reply.header('retry-after', String(wait));
      return reply
        .code(statuses.size === 1 ? (answered[0]?.status ?? 200) : 207)
        .header('vary', 'trpc-accept, accept')
        .header('content-type', 'application/json')
        .send(`[${answered.map((call) => call.json).join(',')}]`);
    });
  });
}

/** The longest wait any of the errors asks for (a database that cannot be reached), or null. */
function retryAfter(errors: readonly TRPCError[]): number | null {
  const waits = errors.map((error) => publicError(error).retryAfterSeconds).filter((seconds) => seconds !== null);
  return waits.length > 0 ? Math.max(...waits) : null;
}

/**
 * The calls of a GET batch of known queries with their inputs, or null for anything else: not GET, not
 * a batch, a streamed or live request, more calls than a batch may carry, an unknown or non-query
 * procedure, input that is not a JSON object.
 */
function readQueryBatch(
  req: FastifyRequest,
  path: string,
  procedures: ReadonlyMap<string, RouterProcedure>,
): { paths: string[]; inputs: Record<string, unknown> } | null {
  if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined) return null;
  const query = req.query as Record<string, unknown>;
  if (query.batch !== '1' || query.connectionParams !== undefined) return null;
  const paths = proceduresOf(path);
  if (paths.length > MAX_BATCH_CALLS) return null;
  if (!paths.every((name) => procedures.get(name)?.type === 'query')) return null;
  if (query.input === undefined) return { paths, inputs: {} };
  if (typeof query.input !== 'string') return null;
  try {
    const inputs: unknown = JSON.parse(query.input);
    return typeof inputs === 'object' && inputs !== null && !Array.isArray(inputs)
      ? { paths, inputs: inputs as Record<string, unknown> }
      : null;
  } catch {
    return null;
  }
}
