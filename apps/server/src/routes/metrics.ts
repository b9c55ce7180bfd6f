import { notFound } from '@app/api';
import { messages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors';
import type { MetricsOptions } from './metrics-registry';

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
