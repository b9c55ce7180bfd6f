import { type PublicError, publicError } from '@app/api';
import type { Language } from '@app/contracts';
import { translateServerText } from '@app/contracts/server-texts';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { languageOfRequest } from './request-scope';

/** The REST error body of docs/api-conventions.md#errors: `{message, code}` and the refusal's details beside them. */
export function errorBody({ message, code, details }: PublicError) {
  return { message, code, ...details };
}

/** Writes the log line publicError decided on (docs/architecture.md#errors), naming the procedure when there is one. */
export function logPublicError(log: FastifyBaseLogger, error: PublicError, procedure?: string): void {
  if (error.log === 'warn') log.warn({ err: error.cause, procedure }, 'database unavailable');
  else if (error.log === 'error') log.error({ err: error.cause, procedure }, procedure ? 'procedure failed' : 'request failed');
}

/**
 * Answers anything thrown as publicError says (docs/architecture.md#errors): its status, Retry-After and
 * log line, and the REST error body, or `body` built from the same answer (a tRPC envelope, the readiness probe's), its text
 * in `language`, else the request's (docs/architecture.md#two-languages).
 */
export function sendError(
  reply: FastifyReply,
  thrown: unknown,
  options: { procedure?: string; body?: (error: PublicError) => unknown; language?: Language } = {},
): FastifyReply {
  const english = publicError(thrown);
  logPublicError(reply.log, english, options.procedure);
  const error = { ...english, message: translateServerText(english.message, options.language ?? languageOfRequest(reply.request)) };
  if (error.retryAfterSeconds !== null) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.status).send(options.body ? options.body(error) : errorBody(error));
}
