import { type ApiDeps, notFound } from '@app/api';
import { messages } from '@app/contracts';
import type { ChangeFeed, DbStats, PoolConnections } from '@app/db';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors';

export interface MetricsOptions {
  /** METRICS_TOKEN: without it the endpoint is off and answers 404. */
  token: string | undefined;
  deps: Pick<ApiDeps, 'db' | 'caches' | 'now' | 'live'>;
  changes: Pick<ChangeFeed, 'live'>;
  /** DbHandle.stats: the database connections' use; without it no database metrics are exposed. */
  dbStats?: (() => DbStats) | undefined;
  /** DbHandle.poolConnections: the pool's connections in use and idle (PostgreSQL only), read at each scrape. */
  poolConnections?: (() => Promise<PoolConnections>) | undefined;
}

/**
 * GET /metrics (docs/architecture.md#running-it): off (404) without METRICS_TOKEN; with it, the metrics of
 * metrics-registry.ts for a scraper holding the token. prom-client loads only then: a start without a
 * scraper does not spend the time.
 */
export async function registerMetrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const { token } = options;
  if (!token) {
    app.get('/metrics', async (_req, reply) => sendError(reply, notFound(messages.common.notFound)));
    return;
  }
  const { registerScrapedMetrics } = await import('./metrics-registry');
  registerScrapedMetrics(app, token, options);
}
