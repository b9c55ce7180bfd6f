import { type ApiDeps, appRouter, type PushDeliveryCounts, unauthorized } from '@app/api';
import { secretsMatch } from '@app/auth';
import { LIVE_STREAM_KINDS } from '@app/contracts';
import { type CacheCounts, type ChangeFeed, type DbStats, namedCaches, type PoolConnections } from '@app/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { sendError } from '../errors';
import { routerProcedures } from '../trpc/procedures';

export interface MetricsOptions {
  /** METRICS_TOKEN: without it the endpoint is off and answers 404. */
  token: string | undefined;
  deps: Pick<ApiDeps, 'db' | 'caches' | 'now' | 'live'>;
  changes: Pick<ChangeFeed, 'live'>;
  /** DbHandle.stats: the database connections' use; without it no database metrics are exposed. */
  dbStats?: (() => DbStats) | undefined;
  /** DbHandle.poolConnections: the pool's connections in use and idle (PostgreSQL only), read at each scrape. */
  poolConnections?: (() => Promise<PoolConnections>) | undefined;
  /** This instance's push attempts by outcome, when it runs the push worker (docs/architecture.md#web-push). */
  pushDeliveries?: PushDeliveryCounts | undefined;
}

const PREFIX = 'pesotasks_';
const TRPC_ROUTE = '/trpc/:path';
/** A request that matched no route: one label, whatever its path. */
const UNMATCHED = 'unmatched';
/** Latency buckets in seconds: a cached read answers within a millisecond, the target p99 is 25 ms. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (resident memory, CPU, event-loop lag, GC, open handles), which are the
 * process's, not an app's: collected once per process, for each collection adds a GC observer and an
 * event-loop monitor that are never removed, and tests run many apps in one process.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: PREFIX });
  }
  return processRegistry;
}

/**
 * GET /metrics in Prometheus's text format for a scraper holding `Authorization: Bearer <METRICS_TOKEN>`
 * (docs/architecture.md#running-it): requests and their latency by route, the database connections' use,
 * the caches, the change feed, open live streams by kind, the pending payouts, and the process's own
 * (processMetrics). Each app has its own registry.
 */
export function registerScrapedMetrics(app: FastifyInstance, token: string, options: MetricsOptions): void {
  const registry = new Registry();
  const requests = requestMetrics(registry);
  app.addHook('onResponse', async (req, reply) => {
    requests.observe(
      { route: routeLabel(req), method: req.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
  cacheMetrics(registry, options);
  if (options.dbStats) databaseMetrics(registry, options.dbStats);
  const { live } = options.deps;
  const sseHelp = 'Live streams (server-sent events) open on this instance, by who holds them: anonymous, member or admin.';
  valuesByLabel(registry, { name: 'sse_connections_open', help: sseHelp, label: 'kind' }, () => {
    const open = live.admissions.openByKind();
    return LIVE_STREAM_KINDS.map((kind) => [kind, open.get(kind) ?? 0]);
  });
  const { pushDeliveries } = options;
  if (pushDeliveries) {
    const help = 'Push attempts of this instance by outcome: sent, gone (404/410, removed), refused, skipped, retried.';
    totalsByLabel(registry, { name: 'push_deliveries_total', help, label: 'outcome' }, () => Object.entries(pushDeliveries));
  }
  const readPayouts = payoutMetrics(registry, options.deps);
  const readConnections = options.poolConnections ? poolMetrics(registry, options.poolConnections) : async () => {};
  // Merged once every metric of the app is registered: merge copies the metrics a registry holds then.
  const scraped = Registry.merge([registry, processMetrics()]);

  app.get('/metrics', async (req, reply) => {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !secretsMatch(given, token)) {
      return sendError(reply.header('www-authenticate', 'Bearer realm="metrics"'), unauthorized());
    }
    // One after the other: read alongside the payouts, the pool would count the scrape's own statement in use.
    const [connections] = await Promise.allSettled([readConnections()]);
    const [payouts] = await Promise.allSettled([readPayouts()]);
    if (payouts.status === 'rejected') req.log.warn({ err: payouts.reason }, 'pending payouts could not be read for /metrics');
    if (connections.status === 'rejected') req.log.warn({ err: connections.reason }, 'pool connections could not be read for /metrics');
    const text = await scraped.metrics();
    return reply.header('cache-control', 'no-store').type(scraped.contentType).send(text);
  });
}

/** A metric of this app's registry by one label: its name without the prefix, its help and its label. */
interface LabelledMetric {
  name: string;
  help: string;
  label: string;
}

/** What a labelled metric reads at a scrape: each series' label value and its number. */
type ReadByLabel = () => Iterable<readonly [string, number]>;

/** The options prom-client takes for a labelled metric of `registry`. */
function labelledOptions(registry: Registry, { name, help, label }: LabelledMetric) {
  return { name: `${PREFIX}${name}`, help, labelNames: [label], registers: [registry] };
}

/** A counter whose totals are kept elsewhere (a cache's, the push worker's) and read at each scrape. */
function totalsByLabel(registry: Registry, metric: LabelledMetric, read: ReadByLabel): void {
  new Counter({
    ...labelledOptions(registry, metric),
    collect() {
      this.reset();
      for (const [value, total] of read()) this.inc({ [metric.label]: value }, total);
    },
  });
}

/** A gauge whose values are read at each scrape. */
function valuesByLabel(registry: Registry, metric: LabelledMetric, read: ReadByLabel): void {
  new Gauge({
    ...labelledOptions(registry, metric),
    collect() {
      for (const [value, current] of read()) this.set({ [metric.label]: value }, current);
    },
  });
}

function requestMetrics(registry: Registry) {
  return new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer a request, by route pattern (tRPC: procedure), method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
}

const procedures = new Set(routerProcedures(appRouter).keys());

/**
 * The route's pattern, never its path, so ids cannot multiply the series. A tRPC call is named by its
 * procedure; a batch of several procedures, or an unknown one, by one label each.
 */
function routeLabel(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  if (route === undefined) return UNMATCHED;
  if (route !== TRPC_ROUTE) return route;
  const path = (req.params as { path?: string }).path ?? '';
  if (path.includes(',')) return '/trpc/(batch)';
  return procedures.has(path) ? `/trpc/${path}` : TRPC_ROUTE;
}

function cacheMetrics(registry: Registry, { deps, changes }: MetricsOptions): void {
  const caches = namedCaches(deps.caches);
  const byCache = (read: (cache: CacheCounts) => number) => () => caches.map(([cache, counts]) => [cache, read(counts)] as const);
  const counter = (name: string, help: string, read: (cache: CacheCounts) => number) =>
    totalsByLabel(registry, { name: `cache_${name}_total`, help, label: 'cache' }, byCache(read));
  counter('hits', 'Reads answered from memory.', (cache) => cache.hits);
  counter('misses', 'Reads that went to the database.', (cache) => cache.misses);
  counter('invalidations', 'Changes (or feed drops) that removed cached values.', (cache) => cache.invalidations);
  valuesByLabel(
    registry,
    { name: 'cache_entries', help: 'Values held in the cache now.', label: 'cache' },
    byCache((cache) => cache.size),
  );
  new Gauge({
    name: `${PREFIX}change_feed_live`,
    help: '1 while this instance hears the change notifications, else 0 (cached values then last at most 5 s).',
    registers: [registry],
    collect() {
      this.set(changes.live ? 1 : 0);
    },
  });
}

function databaseMetrics(registry: Registry, dbStats: () => DbStats): void {
  const gauge = (name: string, help: string, read: (stats: DbStats) => number) =>
    new Gauge({
      name: `${PREFIX}db_${name}`,
      help,
      registers: [registry],
      collect() {
        this.set(read(dbStats()));
      },
    });
  gauge('statements_in_flight', 'Statements sent and not yet answered, including those waiting for a connection.', (s) => s.inFlight);
  gauge('transactions_open', 'Transactions in progress, each holding one connection.', (s) => s.transactions);
  gauge('pool_max_connections', 'Connections the pool may open (DATABASE_POOL_SIZE; 1 for PGlite).', (s) => s.maxConnections);
}

/** The pool's connections by state, and the query (pg_stat_activity) that brings them up to date at each scrape. */
function poolMetrics(registry: Registry, read: () => Promise<PoolConnections>): () => Promise<void> {
  const gauge = new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'The pool’s connections to PostgreSQL by state: in_use (a statement or a transaction) or idle; the scrape’s own left out.',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  return async () => {
    try {
      const { inUse, idle } = await read();
      gauge.set({ state: 'in_use' }, inUse);
      gauge.set({ state: 'idle' }, idle);
    } catch (error) {
      gauge.set({ state: 'in_use' }, Number.NaN);
      gauge.set({ state: 'idle' }, Number.NaN);
      throw error;
    }
  };
}

/** The pending payouts gauges, and the one query that brings them up to date (run at each scrape). */
function payoutMetrics(registry: Registry, deps: MetricsOptions['deps']): () => Promise<void> {
  const pending = new Gauge({ name: `${PREFIX}payouts_pending`, help: 'Payout requests waiting for a decision.', registers: [registry] });
  const oldest = new Gauge({
    name: `${PREFIX}payouts_pending_oldest_age_seconds`,
    help: 'Age of the oldest pending payout request (0 when none).',
    registers: [registry],
  });
  return async () => {
    try {
      const row = await deps.db
        .selectFrom('payouts')
        .where('status', '=', 'pending')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<Date | null>('createdAt').as('oldest')])
        .executeTakeFirstOrThrow();
      pending.set(Number(row.count));
      // Requests are stamped with the server's clock, so their age is read from it too.
      oldest.set(row.oldest ? Math.max(0, (deps.now().getTime() - new Date(row.oldest).getTime()) / 1000) : 0);
    } catch (error) {
      // Unknown: a failed read must not look like an empty queue.
      pending.set(Number.NaN);
      oldest.set(Number.NaN);
      throw error;
    }
  };
}
