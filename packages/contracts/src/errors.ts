import { messages } from './messages';

/**
 * tRPC's own error codes (`TRPC_ERROR_CODE_KEY` of @trpc/server), named here so that the contracts, which
 * the apps load, need no tRPC server code; packages/api/src/lib/errors.ts fails to compile if they drift.
 */
export type TrpcErrorCode =
  | 'PARSE_ERROR'
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'PAYMENT_REQUIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_SUPPORTED'
  | 'TIMEOUT'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE_CONTENT'
  | 'PRECONDITION_REQUIRED'
  | 'TOO_MANY_REQUESTS'
  | 'CLIENT_CLOSED_REQUEST'
  | 'INTERNAL_SERVER_ERROR'
  | 'NOT_IMPLEMENTED'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE'
  | 'GATEWAY_TIMEOUT';

/** One row of ERROR_CODES. */
export interface ErrorCodeRow {
  /** The HTTP status every answer with this code has (REST, tRPC's `data.httpStatus`, the framework's refusals). */
  httpStatus: number;
  /** The tRPC error code of the tRPC answer (its numeric JSON-RPC `code`). */
  trpcCode: TrpcErrorCode;
  /**
   * The catalogue's general text for the code: what a client reads when the error's own text is not a
   * catalogue text, and always for a failure of the server's own (5xx other than 503).
   */
  message: string;
}

/**
 * The one table of error codes (docs/api-conventions.md#errors): every `code` a client can be answered with
 * (REST body's `code`, tRPC's `error.data.code`), with its HTTP status, tRPC code and general text. Clients
 * decide on these codes, never on message text. Every tRPC code has a row (tRPC's own refusals, such as
 * PARSE_ERROR, keep their code); codes of our own (INSUFFICIENT_BALANCE) name the tRPC code they travel as.
 * Where several codes share a status, the first is the one a bare status (a framework's refusal) becomes.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { httpStatus: 400, trpcCode: 'BAD_REQUEST', message: messages.common.badRequest },
  PARSE_ERROR: { httpStatus: 400, trpcCode: 'PARSE_ERROR', message: messages.common.badRequest },
  /** A payout request for more than the available balance (its message names that balance). */
  INSUFFICIENT_BALANCE: { httpStatus: 400, trpcCode: 'BAD_REQUEST', message: messages.common.badRequest },
  UNAUTHORIZED: { httpStatus: 401, trpcCode: 'UNAUTHORIZED', message: messages.common.unauthorized },
  /**
   * A money decision by an actor with a passkey whose step-up is older than STEP_UP_MINUTES: the panel answers
   * with the passkey prompt and sends the call again (docs/architecture.md#passkeys-and-the-step-up). Its own
   * text is a staff catalogue text; the general one stays out of the member app's first code.
   */
  STEP_UP_REQUIRED: { httpStatus: 401, trpcCode: 'UNAUTHORIZED', message: messages.common.forbidden },
  PAYMENT_REQUIRED: { httpStatus: 402, trpcCode: 'PAYMENT_REQUIRED', message: messages.common.badRequest },
  FORBIDDEN: { httpStatus: 403, trpcCode: 'FORBIDDEN', message: messages.common.forbidden },
  /** A money decision by an actor without a passkey while ADMIN_PASSKEY_REQUIRED is on: register one first. */
  PASSKEY_REQUIRED: { httpStatus: 403, trpcCode: 'FORBIDDEN', message: messages.common.forbidden },
  NOT_FOUND: { httpStatus: 404, trpcCode: 'NOT_FOUND', message: messages.common.notFound },
  METHOD_NOT_SUPPORTED: { httpStatus: 405, trpcCode: 'METHOD_NOT_SUPPORTED', message: messages.common.badRequest },
  TIMEOUT: { httpStatus: 408, trpcCode: 'TIMEOUT', message: messages.common.badRequest },
  CONFLICT: { httpStatus: 409, trpcCode: 'CONFLICT', message: messages.common.badRequest },
  PRECONDITION_FAILED: { httpStatus: 412, trpcCode: 'PRECONDITION_FAILED', message: messages.common.badRequest },
  PAYLOAD_TOO_LARGE: { httpStatus: 413, trpcCode: 'PAYLOAD_TOO_LARGE', message: messages.common.payloadTooLarge },
  UNSUPPORTED_MEDIA_TYPE: { httpStatus: 415, trpcCode: 'UNSUPPORTED_MEDIA_TYPE', message: messages.common.unsupportedMediaType },
  UNPROCESSABLE_CONTENT: { httpStatus: 422, trpcCode: 'UNPROCESSABLE_CONTENT', message: messages.common.badRequest },
  PRECONDITION_REQUIRED: { httpStatus: 428, trpcCode: 'PRECONDITION_REQUIRED', message: messages.common.badRequest },
  TOO_MANY_REQUESTS: { httpStatus: 429, trpcCode: 'TOO_MANY_REQUESTS', message: messages.common.tooManyRequests },
  CLIENT_CLOSED_REQUEST: { httpStatus: 499, trpcCode: 'CLIENT_CLOSED_REQUEST', message: messages.common.badRequest },
  INTERNAL_SERVER_ERROR: { httpStatus: 500, trpcCode: 'INTERNAL_SERVER_ERROR', message: messages.common.internal },
  NOT_IMPLEMENTED: { httpStatus: 501, trpcCode: 'NOT_IMPLEMENTED', message: messages.common.internal },
  BAD_GATEWAY: { httpStatus: 502, trpcCode: 'BAD_GATEWAY', message: messages.common.internal },
  /** Maintenance (with the admin's own message) or a database that cannot be reached (with Retry-After). */
  SERVICE_UNAVAILABLE: { httpStatus: 503, trpcCode: 'SERVICE_UNAVAILABLE', message: messages.common.serviceUnavailable },
  GATEWAY_TIMEOUT: { httpStatus: 504, trpcCode: 'GATEWAY_TIMEOUT', message: messages.common.internal },
} as const satisfies Record<string, ErrorCodeRow>;
export type ErrorCode = keyof typeof ERROR_CODES;
