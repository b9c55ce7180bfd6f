import { setTimeout as sleep } from 'node:timers/promises';
import { databaseUnavailable } from '@app/api';
import type { Db } from '@app/db';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorBody, sendError } from '../errors';

/** A load balancer gives up on a probe after a few seconds: an unreachable database must say so sooner. */
const READINESS_TIMEOUT_MS = 2000;

/** /healthz: the process answers. /readyz: it can reach its database (load balancers route on this). */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (req, reply) => {
    const timeout = new AbortController();
    try {
      await Promise.race([
        sql`SELECT 1`.execute(db),
        sleep(READINESS_TIMEOUT_MS, undefined, { signal: timeout.signal }).then(() => {
          throw new Error(`no answer from the database within ${READINESS_TIMEOUT_MS} ms`);
        }),
      ]);
      return { status: 'ready' };
    } catch (error) {
      req.log.warn({ err: error }, 'database not reachable');
      // Whatever the failure (a timeout too), the probe's answer is the one for an unreachable database.
      return sendError(reply, databaseUnavailable(), { body: (answer) => ({ status: 'unavailable', ...errorBody(answer) }) });
    } finally {
      timeout.abort();
    }
  });
}
