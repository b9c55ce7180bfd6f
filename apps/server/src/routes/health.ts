import type { Db } from '@app/db';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** /healthz: the process answers. /readyz: it can reach its database (load balancers route on this). */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (req, reply) => {
    try {
      await sql`SELECT 1`.execute(db);
      return { status: 'ready' };
    } catch (error) {
      req.log.warn({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable', message: 'Database not reachable' });
    }
  });
}
