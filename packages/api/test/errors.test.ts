import { ERROR_CODES, type ErrorCode, isCatalogueText, messages, staffMessages } from '@app/contracts';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppError,
  alreadyDecided,
  badRequest,
  conflict,
  databaseUnavailable,
  forbidden,
  notFound,
  publicError,
  unauthorized,
} from '../src/lib/errors';

/** The one table and the one mapping of docs/architecture.md#errors. */
const codes = Object.keys(ERROR_CODES) as ErrorCode[];

/** What postgres.js throws when the database cannot be reached. */
const refusedConnection = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** What tRPC makes of anything else a procedure throws. */
const wrappedByTrpc = (cause: unknown) => new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });

/** A refusal of Fastify or one of its plugins. */
const fastifyError = (statusCode: number, code: string, message: string) => Object.assign(new Error(message), { statusCode, code });

describe('ERROR_CODES', () => {
  it.each(codes)('maps %s to an error status, a tRPC code of the same status and a catalogue text', (code) => {
    const { httpStatus, trpcCode, message } = ERROR_CODES[code];
    expect(httpStatus).toBeGreaterThanOrEqual(400);
    expect(httpStatus).toBeLessThan(600);
    expect(TRPC_ERROR_CODES_BY_KEY[trpcCode]).toEqual(expect.any(Number));
    // A tRPC client and a REST client hear the same status, and it is the one tRPC itself gives the code.
    expect(getHTTPStatusCodeFromError(new TRPCError({ code: trpcCode }))).toBe(httpStatus);
    expect(isCatalogueText(message)).toBe(true);
  });

  it('has a row for every tRPC code, each its own tRPC code', () => {
    for (const trpcCode of Object.keys(TRPC_ERROR_CODES_BY_KEY)) {
      expect(ERROR_CODES).toHaveProperty(trpcCode);
      expect(ERROR_CODES[trpcCode as ErrorCode].trpcCode).toBe(trpcCode);
    }
  });

  it('adds INSUFFICIENT_BALANCE, a 400 that travels as BAD_REQUEST', () => {
    expect(ERROR_CODES.INSUFFICIENT_BALANCE).toMatchObject({ httpStatus: 400, trpcCode: 'BAD_REQUEST' });
  });
});

describe('publicError', () => {
  it('answers an AppError with its code, status, text, details and Retry-After, unlogged', () => {
    const refusal = new AppError('TOO_MANY_REQUESTS', messages.common.tooManyRequests, { retryAfterSeconds: 42 });
    expect(publicError(refusal)).toEqual({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: messages.common.tooManyRequests,
      details: {},
      retryAfterSeconds: 42,
      log: null,
      cause: refusal,
    });
    expect(publicError(alreadyDecided('approved'))).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: staffMessages.admin.alreadyDecided('approved'),
      details: { decided: 'approved' },
    });
  });

  it('gives each helper the status of its code', () => {
    const text = messages.common.notFound;
    expect([badRequest(text), unauthorized(), forbidden(text), notFound(text), conflict(text)].map((e) => publicError(e).status)).toEqual([
      400, 401, 403, 404, 409,
    ]);
    expect(publicError(new AppError('INSUFFICIENT_BALANCE', messages.payouts.insufficient('₱8.55')))).toMatchObject({
      status: 400,
      code: 'INSUFFICIENT_BALANCE',
      message: messages.payouts.insufficient('₱8.55'),
    });
  });

  it('sees through the TRPCError tRPC wraps a thrown AppError in', () => {
    const refusal = forbidden(messages.auth.adminLocked);
    expect(publicError(wrappedByTrpc(refusal))).toEqual(publicError(refusal));
  });

  it('answers a database that cannot be reached with 503, the catalogue text and Retry-After, logged as a warning', () => {
    const lost = refusedConnection();
    const expected = {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: messages.common.serviceUnavailable,
      details: {},
      retryAfterSeconds: 5,
      log: 'warn',
      cause: lost,
    };
    expect(publicError(lost)).toEqual(expected);
    expect(publicError(wrappedByTrpc(lost))).toEqual(expected);
    expect(publicError(new Error('query failed', { cause: new AggregateError([lost]) }))).toMatchObject({ status: 503, log: 'warn' });
    // The readiness probe's answer is the same one, but the probe logs its own line.
    expect(publicError(databaseUnavailable())).toMatchObject({ status: 503, retryAfterSeconds: 5, log: null });
  });

  it('answers anything unexpected with 500 and the catalogue’s generic text, logged as an error', () => {
    const bug = new TypeError('Cannot read properties of undefined (reading "id")');
    const expected = {
      status: 500,
      code: 'INTERNAL_SERVER_ERROR',
      message: messages.common.internal,
      details: {},
      retryAfterSeconds: null,
      log: 'error',
      cause: bug,
    };
    expect(publicError(bug)).toEqual(expected);
    expect(publicError(wrappedByTrpc(bug))).toEqual(expected);
    expect(publicError('a string')).toMatchObject({ status: 500, message: messages.common.internal, log: 'error' });
    // A status of ours that is a failure of ours never shows its own words either.
    expect(publicError(new AppError('BAD_GATEWAY', 'upstream said: secret'))).toMatchObject({
      status: 502,
      message: messages.common.internal,
      log: 'error',
    });
  });

  it('shows only catalogue texts: another text becomes the general text of its code', () => {
    expect(publicError(badRequest('column "x" does not exist')).message).toBe(messages.common.badRequest);
    expect(publicError(new TRPCError({ code: 'NOT_FOUND', message: 'No procedure found on path "x"' }))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: messages.common.notFound,
    });
    expect(publicError(new TRPCError({ code: 'PARSE_ERROR', message: 'Unexpected token' }))).toMatchObject({
      status: 400,
      code: 'PARSE_ERROR',
      message: messages.common.badRequest,
    });
  });

  it('keeps the maintenance message an admin wrote (503, no Retry-After, unlogged)', () => {
    expect(publicError(new AppError('SERVICE_UNAVAILABLE', 'Back at noon'))).toMatchObject({
      status: 503,
      message: 'Back at noon',
      retryAfterSeconds: null,
      log: null,
    });
  });

  it('answers invalid input with the first failing rule’s text', () => {
    const result = z.object({ amount: z.string().min(1, messages.common.amountRequired) }).safeParse({ amount: '' });
    const invalid = new TRPCError({ code: 'BAD_REQUEST', cause: result.error });
    expect(publicError(invalid)).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: messages.common.amountRequired });
  });

  it('answers a refusal of Fastify or a plugin with the code of its status and the general text', () => {
    expect(publicError(fastifyError(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'))).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: messages.common.payloadTooLarge,
      log: null,
    });
    expect(publicError(fastifyError(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type: text/xml'))).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: messages.common.unsupportedMediaType,
    });
    expect(
      publicError(
        fastifyError(400, 'FST_ERR_CTP_INVALID_JSON_BODY', "Body is not valid JSON but content-type is set to 'application/json'"),
      ),
    ).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: messages.common.badRequest,
    });
    // A status no code names is bad input; a status of ours is a failure.
    expect(publicError(fastifyError(414, 'FST_ERR_MAX_PARAM_LENGTH', 'too long'))).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(publicError(fastifyError(500, 'FST_ERR_ASYNC_CONSTRAINT', 'Unexpected error'))).toMatchObject({ status: 500, log: 'error' });
  });
});
