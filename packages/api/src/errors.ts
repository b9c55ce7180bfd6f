import { isCatalogueText, messages } from '@app/contracts';
import { isDatabaseUnavailable } from '@app/db';
import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { retryAfterOf } from './lib/errors';

/** HTTP status of each tRPC error code the API uses (docs/api-conventions.md#errors). */
export const HTTP_STATUS: Record<TRPCError['code'], number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

/** Seconds a client should wait before retrying a call refused because the database was unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** How long a refused call should wait before trying again (its Retry-After), or null when not told. */
export function retryAfterSeconds(error: TRPCError): number | null {
  return isDatabaseUnavailable(error.cause) ? DATABASE_RETRY_AFTER_SECONDS : retryAfterOf(error);
}

/**
 * The code a client sees: a call that failed because the database cannot be reached is SERVICE_UNAVAILABLE
 * (503, try again) rather than the INTERNAL_SERVER_ERROR tRPC gives any unexpected error.
 */
export function publicCode(error: TRPCError): TRPCError['code'] {
  return isDatabaseUnavailable(error.cause) ? 'SERVICE_UNAVAILABLE' : error.code;
}

/** The catalogue's general text for a refusal whose own text is not the catalogue's. */
const GENERAL_TEXT: Partial<Record<TRPCError['code'], string>> = {
  UNAUTHORIZED: messages.common.unauthorized,
  FORBIDDEN: messages.common.forbidden,
  NOT_FOUND: messages.common.notFound,
  PAYLOAD_TOO_LARGE: messages.common.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: messages.common.unsupportedMediaType,
  TOO_MANY_REQUESTS: messages.common.tooManyRequests,
};

/**
 * The message a client may see: a catalogue text (docs/api-conventions.md#errors), that of the first failing
 * validation rule or of the refusal; the maintenance text an admin wrote; "try again in a moment" when
 * the database is unreachable; a generic sentence for anything unexpected (never internals). zod's and
 * tRPC's own wording (a void input given a value, an input that is not JSON, a path that names no
 * procedure) names internals or echoes the request, so the general text of its code stands in for it.
 */
export function publicMessage(error: TRPCError): string {
  if (isDatabaseUnavailable(error.cause)) return messages.common.serviceUnavailable;
  if (error.code === 'INTERNAL_SERVER_ERROR') return messages.common.internal;
  if (error.code === 'SERVICE_UNAVAILABLE') return error.message;
  const text = error.cause instanceof ZodError ? error.cause.issues[0]?.message : error.message;
  return text !== undefined && isCatalogueText(text) ? text : (GENERAL_TEXT[error.code] ?? messages.common.badRequest);
}
