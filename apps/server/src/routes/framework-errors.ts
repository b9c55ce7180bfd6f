import { messages } from '@app/contracts';
import type { FastifyError, FastifyReply } from 'fastify';

/** What Fastify refuses before any route runs because of the request's path. */
const BAD_PATH = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding ('%ZZ', an encoded lone
 * surrogate) or a path parameter longer than maxParamLength is bad input, answered in the shape of
 * docs/api-conventions.md#errors rather than with Fastify's own body, which echoes the path back.
 */
export function answerFrameworkError(error: FastifyError, _req: unknown, reply: FastifyReply): FastifyReply {
  if (BAD_PATH.has(error.code)) return reply.code(400).send({ message: messages.common.badAddress, code: 'BAD_REQUEST' });
  reply.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: messages.common.internal, code: 'INTERNAL_SERVER_ERROR' });
}

/**
 * The text for a refused request: Fastify's and its plugins' own refusals (codes FST_...: body too large,
 * unsupported content type, malformed JSON, broken multipart) in catalogue words, since theirs name
 * internals or echo the request; any other error's message was written for the client.
 */
export function refusalMessage(error: { code?: string; message: string }, status: number): string {
  if (!error.code?.startsWith('FST_')) return error.message;
  if (status === 413) return messages.common.payloadTooLarge;
  if (status === 415) return messages.common.unsupportedMediaType;
  return messages.common.badRequest;
}
