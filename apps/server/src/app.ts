import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type ApiDeps, appRouter, createContext, createPhotoDecoder, LiveHub, type PushDeliveryCounts, readFirstAnswers } from '@app/api';
import { createOperatorSessions, createSessionManager } from '@app/auth';
import { type ChangeFeed, createAppCaches, type Db, type DbStats, type PoolConnections } from '@app/db';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { registerReadYourWrites } from './cache/read-your-writes';
import type { Config } from './config';
import { sendError } from './errors';
import { requestScope } from './request-scope';
import { registerRestRoutes } from './rest/adapter';
import { registerUploadRoutes } from './rest/upload';
import { answerFrameworkError } from './routes/framework-errors';
import { registerHealthRoutes } from './routes/health';
import { registerMetrics } from './routes/metrics';
import { registerOidcRoutes } from './routes/oidc';
import { registerOriginCheck } from './routes/origin-check';
import { registerSessionRoutes } from './routes/session';
import { JSON_BODY_LIMIT_BYTES, registerBodyRules } from './security/body-rules';
import { attemptCounter, createCounterStore } from './security/counters';
import { registerDeviceCookie } from './security/device-cookie';
import { cspNonces, nonceRoute, registerSecurityHeaders } from './security/headers';
import { registerRateLimits } from './security/rate-limits';
import { registerRequestTarget } from './security/request-target';
import { connectionTimeouts, registerBodyRate } from './security/timeouts';
import { registerTrpc } from './trpc/register';
import { registerWebApps } from './web/apps';
import { createPhotoStore } from './web/photos';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** The database's change notifications (DbHandle.changes), which keep this instance's caches correct. */
  changes: ChangeFeed;
  /** DbHandle.stats: how busy the database connections are, for GET /metrics. */
  dbStats?: () => DbStats;
  /** DbHandle.poolConnections (PostgreSQL only): the pool's connections in use and idle, for GET /metrics. */
  poolConnections?: (() => Promise<PoolConnections>) | undefined;
  /** The server's clock; tests move it. */
  now?: () => Date;
  /** Whose clock times task views: the database's, unless a test moves the server's clock to time them. */
  viewClock?: 'database' | 'server';
  /** The push worker's attempts by outcome, for GET /metrics (main.ts hands the same object to the worker). */
  pushDeliveries?: PushDeliveryCounts;
  /** Origins of a test's own push endpoint, allowed beside the push services (tests only: no variable sets it). */
  testPushEndpointOrigins?: readonly string[];
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | Record<string, unknown>;
}

/** One Fastify server: tRPC at /trpc, the same procedures as REST under /api, sign-in routes, the three apps. */
export async function buildApp({
  config,
  db,
  changes,
  dbStats,
  poolConnections,
  now = () => new Date(),
  viewClock = 'database',
  testPushEndpointOrigins = [],
  pushDeliveries,
  logger,
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // A hop count trusts that many proxies nearest the server (Fastify's own reading of a number, which its types omit).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustNearestHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    frameworkErrors: answerFrameworkError,
    ...connectionTimeouts(config),
  });
  registerBodyRate(app, config);

  const counters = await createCounterStore(app, config, db);
  const caches = createAppCaches(changes);
  const deps: ApiDeps = {
    db,
    caches,
    live: new LiveHub(changes, {
      perAddressBlock: config.LIVE_STREAMS_PER_ADDRESS_BLOCK,
      perAccount: config.LIVE_STREAMS_PER_ACCOUNT,
      perInstance: config.LIVE_STREAMS_PER_INSTANCE,
    }),
    photos: await createPhotoStore(config, db),
    photoDecoder: createPhotoDecoder({
      concurrency: config.PHOTO_DECODE_CONCURRENCY,
      queue: config.PHOTO_DECODE_QUEUE,
      timeoutSeconds: config.PHOTO_DECODE_TIMEOUT_SECONDS,
    }),
    now,
    attempts: attemptCounter(app, counters),
    sessions: createSessionManager(db, { secureCookies: config.isProduction, caches }),
    operatorSessions: createOperatorSessions(db, { secureCookies: config.isProduction }),
    settings: {
      timeZone: config.APP_TIMEZONE,
      taskViewSeconds: config.TASK_VIEW_SECONDS,
      balanceCeiling: config.BALANCE_CEILING,
      adminPanelPassword: config.adminPanelPassword,
      adminUnlockHours: config.ADMIN_UNLOCK_HOURS,
      commissionUsername: config.commissionUsername,
      commissionPassword: config.commissionPassword,
      secureCookies: config.isProduction,
      adminEmails: config.ADMIN_EMAILS,
      devLoginEnabled: config.devLoginEnabled,
      passkeyRequired: config.ADMIN_PASSKEY_REQUIRED,
      publicOrigin: config.PUBLIC_URL === undefined ? undefined : new URL(config.PUBLIC_URL).origin,
      uploadsDir: path.resolve(config.DATA_DIR, 'uploads'),
      adClientId: config.AD_CLIENT_ID,
      accountUrl: config.OIDC_ACCOUNT_URL,
      viewClock,
      push: { publicKey: config.vapid?.publicKey ?? null, testEndpointOrigins: testPushEndpointOrigins },
    },
  };

  const contextFor = (req: FastifyRequest, reply: FastifyReply) => createContext(deps, requestScope(req, reply));

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  registerReadYourWrites(app, changes, caches.sessions);
  // Live streams never finish by themselves: end them first, so a shutdown drains only real requests.
  app.addHook('preClose', (done) => {
    deps.live.close();
    done();
  });

  // What no procedure answered (a malformed body, a hook that failed), answered like a procedure's error.
  app.setErrorHandler((error, _req, reply) => sendError(reply, error));

  registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  registerRequestTarget(app);
  registerBodyRules(app, deps.sessions);
  registerDeviceCookie(app, { secure: config.isProduction });
  registerOriginCheck(app, {
    publicUrl: config.PUBLIC_URL,
    extraOrigins: config.isProduction ? [] : [5173, 5174, 5175].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]),
  });
  await registerRateLimits(app, { counters, sessions: deps.sessions });

  await registerTrpc(app, appRouter, contextFor, () => deps.live.position());
  registerRestRoutes(app, appRouter, contextFor);
  await registerUploadRoutes(app, appRouter, contextFor, deps.photos);
  const baseUrl = config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`;
  // Built when first asked for, then kept: loading trpc-to-openapi and walking every procedure took about
  // 170 ms of each start (docs/architecture.md#running-it).
  const buildOpenApi = async () => {
    const { buildOpenApiDocument, renderDocsPage } = await import('./rest/openapi');
    return { doc: buildOpenApiDocument(appRouter, baseUrl.replace(/\/$/, '')), renderDocsPage };
  };
  let openApi: ReturnType<typeof buildOpenApi> | undefined;
  const loadOpenApi = () => {
    openApi ??= buildOpenApi();
    return openApi;
  };
  app.get('/api/openapi.json', async () => (await loadOpenApi()).doc);
  app.get('/api/docs', nonceRoute, async (_req, reply) => {
    const { doc, renderDocsPage } = await loadOpenApi();
    return reply.type('text/html; charset=utf-8').send(renderDocsPage(doc, cspNonces(reply).style));
  });

  registerSessionRoutes(app, config, deps);
  if (config.oidcEnabled) await registerOidcRoutes(app, config, deps);
  registerHealthRoutes(app, db);
  await registerMetrics(app, { token: config.METRICS_TOKEN, deps, changes, dbStats, poolConnections, pushDeliveries });
  await registerWebApps(app, config.DATA_DIR, (req, reply, queries) => readFirstAnswers(deps, requestScope(req, reply), queries));

  return { app, deps };
}

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
