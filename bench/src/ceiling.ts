import Fastify from 'fastify';

/**
 * The ceiling of the benchmark: a bare Fastify route answering a constant JSON body, in its own process
 * on the same machine, so each route's requests/s can be read as a share of what this machine's HTTP
 * stack gives at all.
 */
const app = Fastify({ logger: false });
const body = { status: 'ok', service: 'ceiling' };
app.get('/constant', async () => body);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
