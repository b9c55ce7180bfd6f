import { Writable } from 'node:stream';
import { AppError } from '@app/api';
import { messages, staffMessages } from '@app/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendError } from '../src/errors';

/**
 * sendError, through which every route, hook and the REST adapter answer (docs/architecture.md#errors):
 * publicError's status, body and Retry-After, and its log line at its level.
 */
const logged: Array<{ level: number; msg: string; procedure?: string; err?: { message: string } }> = [];
const app = Fastify({
  logger: {
    level: 'warn',
    stream: new Writable({
      write(line, _encoding, done) {
        logged.push(JSON.parse(String(line)));
        done();
      },
    }),
  },
});

beforeAll(async () => {
  app.setErrorHandler((error, _req, reply) => sendError(reply, error));
  app.get('/bug', async () => {
    throw new TypeError('Cannot read properties of undefined');
  });
  app.get('/database', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/refusal', async () => {
    throw new AppError('CONFLICT', staffMessages.admin.alreadyDecided('paid'), { details: { decided: 'paid' } });
  });
  app.get('/procedure', async (_req, reply) => sendError(reply, new Error('boom'), { procedure: 'payouts.request' }));
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  logged.length = 0;
});

describe('sendError', () => {
  it('answers an unexpected error 500 with the catalogue’s generic text and logs it as an error', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: messages.common.internal, code: 'INTERNAL_SERVER_ERROR' });
    expect(logged).toMatchObject([{ level: 50, msg: 'request failed', err: { message: 'Cannot read properties of undefined' } }]);
  });

  it('answers an unreachable database 503 with Retry-After and logs a warning', async () => {
    const response = await app.inject({ method: 'GET', url: '/database' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: messages.common.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' });
    expect(logged).toMatchObject([{ level: 40, msg: 'database unavailable' }]);
  });

  it('answers a refusal with its details beside message and code, and logs nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/refusal' });
    expect(response.statusCode).toBe(409);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(response.json()).toEqual({ message: staffMessages.admin.alreadyDecided('paid'), code: 'CONFLICT', decided: 'paid' });
    expect(logged).toEqual([]);
  });

  it('names the procedure in the log line', async () => {
    await app.inject({ method: 'GET', url: '/procedure' });
    expect(logged).toMatchObject([{ level: 50, msg: 'procedure failed', procedure: 'payouts.request' }]);
  });
});
