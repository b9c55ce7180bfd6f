import { AppError, type AppRouter, appRouter } from '@app/api';
import type { SessionManager } from '@app/auth';
import { addressBlock, messages, RATE_LIMITS, type RateLimitName } from '@app/contracts';
import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { getTRPCErrorFromUnknown } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../errors';
import { listRestProcedures } from '../rest/adapter';
import { UPLOAD_PHOTO_PATH } from '../rest/upload';
import { routerErrorShape, routerProcedures } from '../trpc/procedures';
import { proceduresOf, TRPC_ROUTE } from '../trpc/register';
import type { CounterStore } from './counters';

/**
 * What each limit of RATE_LIMITS guards and whom it counts. A procedure is limited however it is called:
 * at its REST path, or at /trpc, alone or in a batch. Routes that are no procedure are named as
 * "METHOD /url" with the route's own pattern. `refusalsCount: false`: a call answered with a refusal (any
 * 4xx) is taken back once answered, so the limit counts accepted calls only, and still counts every call
 * while it runs, so that concurrent calls cannot all pass it (docs/decisions.md#only-accepted-payout-requests-count).
 */
const GUARDED: Record<RateLimitName, { per: 'address' | 'user'; procedures: string[]; routes?: string[]; refusalsCount?: false }> = {
  signIn: { per: 'address', procedures: ['auth.devLogin'], routes: ['GET /api/login', 'GET /api/callback'] },
  commissionLogin: { per: 'address', procedures: ['commission.login'] },
  photoUpload: { per: 'user', procedures: ['profile.uploadPhoto'], routes: [`POST ${UPLOAD_PHOTO_PATH}`] },
  photoUploadPerAddress: { per: 'address', procedures: ['profile.uploadPhoto'], routes: [`POST ${UPLOAD_PHOTO_PATH}`] },
  supportMessage: { per: 'user', procedures: ['support.send'] },
  payoutRequest: { per: 'user', procedures: ['payouts.request'], refusalsCount: false },
  referralLookup: { per: 'address', procedures: ['referrals.inviter'] },
  deviceTraits: { per: 'user', procedures: ['auth.device'] },
};

/** Whether a limit counts this procedure or route ("METHOD /url"): the OpenAPI document lists its 429. */
export function isRateLimited(procedureOrRoute: string): boolean {
  return Object.values(GUARDED).some(
    (guard) => guard.procedures.includes(procedureOrRoute) || (guard.routes ?? []).includes(procedureOrRoute),
  );
}

/** @fastify/rate-limit's store over our counters. Each key already names its limit, so children share it. */
function rateLimitStore(counters: CounterStore): FastifyRateLimitStoreCtor {
  return class CounterRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      counters.count(key, timeWindow ?? 0).then(
        ({ hits, resetAt }) => callback(null, { current: hits, ttl: Math.max(0, resetAt.getTime() - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** A call of the tRPC endpoint: the procedures named in its path, several when it is a batch. */
interface TrpcCall {
  procedures: string[];
  batch: boolean;
}

/** Read from the route's own parameters, so that what is counted is what the tRPC route will call. */
function trpcCall(req: FastifyRequest): TrpcCall | null {
  if (req.routeOptions.url !== TRPC_ROUTE) return null;
  return {
    procedures: proceduresOf((req.params as { path: string }).path),
    batch: (req.query as Record<string, unknown>).batch === '1',
  };
}

/** HEAD runs a GET route's handler, so it is limited as the GET. */
function routeKey(req: FastifyRequest): string {
  return `${req.method === 'HEAD' ? 'GET' : req.method} ${req.routeOptions.url}`;
}

/** Fails at start when GUARDED names a procedure the router does not have: a typo must not unguard a call. */
function checkProceduresExist(router: AppRouter): void {
  const known = routerProcedures(router);
  const missing = Object.values(GUARDED)
    .flatMap((guard) => guard.procedures)
    .filter((procedure) => !known.has(procedure));
  if (missing.length) throw new Error(`Rate limits name unknown procedures: ${missing.join(', ')}`);
}

/**
 * The rate limits of RATE_LIMITS (docs/architecture.md#identity-and-access), answered 429 with Retry-After and
 * `{message, code: 'TOO_MANY_REQUESTS'}` (in tRPC's error envelope at /trpc). One onRequest hook maps the
 * request to the procedures it calls and counts each under its limit's key, before any of them runs;
 * a procedure named twice in a batch counts twice.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: { counters: CounterStore; sessions: Pick<SessionManager, 'cookieName' | 'findUserId'> },
): Promise<void> {
  const { counters, sessions } = options;
  checkProceduresExist(appRouter);

  await app.register(fastifyRateLimit, { global: false, store: rateLimitStore(counters) });

  const guards = Object.entries(GUARDED) as [RateLimitName, (typeof GUARDED)[RateLimitName]][];
  // The limits of each guarded procedure, and of each guarded route: a REST procedure's path, or a route
  // that is no procedure. One call may count under several (per member and per address).
  const procedureLimits = new Map<string, RateLimitName[]>();
  const routeLimits = new Map<string, RateLimitName[]>();
  const add = (map: Map<string, RateLimitName[]>, key: string, name: RateLimitName) => map.set(key, [...(map.get(key) ?? []), name]);
  for (const [name, guard] of guards) {
    for (const procedure of guard.procedures) add(procedureLimits, procedure, name);
    for (const route of guard.routes ?? []) add(routeLimits, route, name);
  }
  for (const route of listRestProcedures(appRouter)) {
    for (const name of procedureLimits.get(route.path) ?? []) add(routeLimits, `${route.method} ${route.url}`, name);
  }

  // Who a per-user limit counts, found once per request. Signed out, the caller is counted by address
  // (the procedure refuses them anyway, but the refusals are counted too).
  const userKeys = new WeakMap<FastifyRequest, Promise<string>>();
  const userKey = (req: FastifyRequest): Promise<string> => {
    let key = userKeys.get(req);
    if (!key) {
      const token = req.cookies[sessions.cookieName];
      key = (token ? sessions.findUserId(token) : Promise.resolve(null)).then((userId) =>
        userId ? `user:${userId}` : `address:${addressBlock(req.ip)}`,
      );
      userKeys.set(req, key);
    }
    return key;
  };

  const limiters = Object.fromEntries(
    (Object.keys(RATE_LIMITS) as RateLimitName[]).map((name) => {
      const { max, windowMs } = RATE_LIMITS[name];
      const per = GUARDED[name].per;
      const limiter = app.createRateLimit({
        max,
        timeWindow: windowMs,
        keyGenerator: async (req) => `${name}:${per === 'user' ? await userKey(req) : `address:${addressBlock(req.ip)}`}`,
      });
      return [name, limiter];
    }),
  ) as Record<RateLimitName, ReturnType<FastifyInstance['createRateLimit']>>;

  // tRPC clients read errors from tRPC's envelope (one per call of a batch), shaped by the router's own
  // error formatter; REST clients get the error body of docs/api-conventions.md#errors.
  const trpcBody = (trpc: TrpcCall, refusal: AppError) => {
    const error = getTRPCErrorFromUnknown(refusal);
    const envelope = (path: string) => ({
      error: routerErrorShape(appRouter, { error, type: 'unknown', path, input: undefined, ctx: undefined }),
    });
    return trpc.batch ? trpc.procedures.map(envelope) : envelope(trpc.procedures[0] ?? '');
  };

  // The keys counted for this request under a limit whose refusals do not count: taken back if it is refused.
  const countedUntilRefused = new WeakMap<FastifyRequest, string[]>();

  app.addHook('onRequest', async (req, reply) => {
    const trpc = trpcCall(req);
    const limits = trpc
      ? trpc.procedures.flatMap((procedure) => procedureLimits.get(procedure) ?? [])
      : (routeLimits.get(routeKey(req)) ?? []);
    let retryAfterSeconds = 0;
    for (const name of limits) {
      let outcome: Awaited<ReturnType<(typeof limiters)[RateLimitName]>>;
      try {
        outcome = await limiters[name](req);
      } catch (error) {
        // Fail open: the counters are a brake on abuse, not the gate itself (passwords and sessions
        // still are), so a store outage must not take sign-in and payouts down with it. It is logged
        // so the outage is seen.
        req.log.error({ err: error, limit: name }, 'rate limit store unavailable; the call was let through');
        continue;
      }
      if (!outcome.isAllowed && outcome.isExceeded) retryAfterSeconds = Math.max(retryAfterSeconds, outcome.ttlInSeconds, 1);
      if (!outcome.isAllowed && GUARDED[name].refusalsCount === false) {
        countedUntilRefused.set(req, [...(countedUntilRefused.get(req) ?? []), outcome.key]);
      }
    }
    if (retryAfterSeconds > 0) {
      const refusal = new AppError('TOO_MANY_REQUESTS', messages.common.tooManyRequests, { retryAfterSeconds });
      return sendError(reply, refusal, trpc ? { body: () => trpcBody(trpc, refusal) } : {});
    }
  });

  // Before the answer leaves, so a caller who reads a refusal and tries again is counted without it. A
  // refusal of this limit (429) is taken back too: it was counted, and it was not accepted. A tRPC batch
  // whose calls were answered differently (207) keeps its count.
  app.addHook('onSend', async (req, reply, payload) => {
    const keys = countedUntilRefused.get(req);
    // tRPC's adapter sends a fetch Response, whose status Fastify takes only after these hooks.
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    if (keys && status >= 400 && status < 500) {
      for (const key of keys) {
        await counters.forgive(key).catch((error: unknown) => req.log.error({ err: error, key }, 'a refused call could not be taken back'));
      }
    }
    return payload;
  });
}
