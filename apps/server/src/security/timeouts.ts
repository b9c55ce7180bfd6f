import type { IncomingMessage, ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * How often Node checks the headers and request timeouts, and this file the body rates: a timeout is
 * acted on at most this late (Node's own default, 30 s, would double a 30 s budget).
 */
const CHECK_INTERVAL_MS = 1000;

/**
 * Fastify's and Node's connection timeouts from the configuration (docs/decisions.md#timeouts-and-a-minimum-body-rate).
 * Node's requestTimeout covers receiving the request only: a response that streams for hours (the live
 * events) is not cut by it.
 */
export function connectionTimeouts(config: Config) {
  return {
    connectionTimeout: config.CONNECTION_IDLE_SECONDS * 1000,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: { headersTimeout: config.HEADERS_TIMEOUT_SECONDS * 1000, connectionsCheckingInterval: CHECK_INTERVAL_MS } satisfies ServerOptions,
  };
}

/** Where a body still arriving stood when last measured: the time and the bytes its connection had read. */
interface BodyProgress {
  since: number;
  bytesAtStart: number;
}

/** Whether the request comes with a body: a declared length above zero, or chunks of unknown size. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return length === undefined ? req.headers['transfer-encoding'] !== undefined : Number(length) > 0;
}

/**
 * Closes the connection of a request whose body arrives slower than BODY_MIN_BYTES_PER_SECOND on average
 * once BODY_GRACE_SECONDS have passed: a client sending a byte every few seconds would otherwise hold a
 * connection (and a parser's buffer) for the whole REQUEST_TIMEOUT_SECONDS. Measured on the socket's
 * bytes read, so the body's parsers are not touched. While the server itself is not reading (the socket
 * paused because a handler has not taken the body yet), the clock starts again.
 */
export function registerBodyRate(app: FastifyInstance, config: Config): void {
  const graceMs = config.BODY_GRACE_SECONDS * 1000;
  const minBytesPerMs = config.BODY_MIN_BYTES_PER_SECOND / 1000;
  const arriving = new Map<IncomingMessage, BodyProgress>();

  app.server.on('request', (req: IncomingMessage) => {
    if (hasBody(req) && !req.complete) arriving.set(req, { since: Date.now(), bytesAtStart: req.socket.bytesRead });
  });

  const timer = setInterval(() => {
    const now = Date.now();
    for (const [req, progress] of arriving) {
      const { socket } = req;
      if (req.complete || socket.destroyed) {
        arriving.delete(req);
      } else if (socket.isPaused()) {
        arriving.set(req, { since: now, bytesAtStart: socket.bytesRead });
      } else if (now - progress.since >= graceMs && socket.bytesRead - progress.bytesAtStart < minBytesPerMs * (now - progress.since)) {
        arriving.delete(req);
        app.log.warn(
          { url: req.url, bytes: socket.bytesRead - progress.bytesAtStart, ms: now - progress.since },
          'a body arriving too slowly was cut off',
        );
        socket.destroy();
      }
    }
  }, CHECK_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
