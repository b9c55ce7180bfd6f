import { badRequest } from '@app/api';
import { messages } from '@app/contracts';
import type { FastifyError, FastifyReply } from 'fastify';
import { sendError } from '../errors';

/** What Fastify refuses before any route runs because of the request's path. */
const BAD_PATH = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding ('%ZZ', an encoded lone
 * surrogate) or a path parameter longer than maxParamLength is bad input, answered in the shape of
 * docs/api-conventions.md#errors rather than with Fastify's own body, which echoes the path back; anything
 * else is answered and logged as publicError says (500).
 */
export function answerFrameworkError(error: FastifyError, _req: unknown, reply: FastifyReply): FastifyReply {
  return sendError(reply, BAD_PATH.has(error.code) ? badRequest(messages.common.badAddress) : error);
}
