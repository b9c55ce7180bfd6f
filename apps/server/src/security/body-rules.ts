import { AppError, unauthorized } from '@app/api';
import type { SessionManager } from '@app/auth';
import { PROFILE_PHOTO_MAX_BYTES } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../errors';
import { UPLOAD_PHOTO_PATH } from '../rest/upload';

/** The largest JSON body any call takes; Fastify's parser enforces the same bound while reading. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Room around the photo in its multipart body: boundaries, part headers and a few small fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const UPLOAD_BODY_LIMIT_BYTES = PROFILE_PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;

/** The body's declared size: a number, null when it comes chunked (size unknown), 0 when there is none. */
function declaredLength(req: FastifyRequest): number | null {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length);
  return req.headers['transfer-encoding'] === undefined ? 0 : null;
}

function mediaType(req: FastifyRequest): string {
  return (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * Refuses a body before a byte of it is read: the socket closes with the answer, so whatever the client
 * still sends is never taken in.
 */
function refuse(reply: FastifyReply, refusal: AppError) {
  return sendError(reply.header('connection', 'close'), refusal);
}

/**
 * What a request may carry, decided from its headers alone, before authentication reads anything else
 * and before any parser buffers the body: every path takes only JSON of at most 1 MB (413, or 415 for
 * another type: tRPC's adapter would otherwise read a multipart body whole into memory), except the
 * photo upload, which takes one multipart body of at most 5 MB from a signed-in member, checked first.
 * A chunked body that declares no size is bounded while it is read (Fastify's bodyLimit, @fastify/multipart's limits).
 */
export function registerBodyRules(app: FastifyInstance, sessions: Pick<SessionManager, 'cookieName' | 'findUserId'>): void {
  app.addHook('onRequest', async (req, reply) => {
    const length = declaredLength(req);
    if (length === 0) return;
    if (req.url.split('?', 1)[0] === UPLOAD_PHOTO_PATH) {
      const token = req.cookies[sessions.cookieName];
      if (!token || !(await sessions.findUserId(token))) return refuse(reply, unauthorized());
      if (length !== null && length > UPLOAD_BODY_LIMIT_BYTES) return refuse(reply, new AppError('PAYLOAD_TOO_LARGE'));
      return;
    }
    if (length !== null && length > JSON_BODY_LIMIT_BYTES) return refuse(reply, new AppError('PAYLOAD_TOO_LARGE'));
    if (mediaType(req) !== 'application/json') return refuse(reply, new AppError('UNSUPPORTED_MEDIA_TYPE'));
  });
}
