import type { AppRouter, Context, PhotoStore } from '@app/api';
import { messages, PROFILE_PHOTO_MAX_BYTES } from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerPhotoRoutes } from '../web/photos';
import { sendProcedureError } from './adapter';

export const UPLOAD_PHOTO_PATH = '/api/profile/upload-photo';

/**
 * POST /api/profile/upload-photo: multipart field `profilePhoto`, at most 5 MB. The file is read here
 * and handed to the profile procedure, which decodes and resizes it and stores it in the photo store;
 * GET /uploads/photos/... serves it back from there (docs/architecture.md#uploads).
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  router: AppRouter,
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>,
  photos: PhotoStore,
): Promise<void> {
  registerPhotoRoutes(app, photos);
  await app.register(fastifyMultipart, { limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(UPLOAD_PHOTO_PATH, async (req, reply) => {
    const ctx = await createContext(req, reply);
    // Refuse the signed out before reading up to 5 MB; the procedure applies every other rule.
    if (!ctx.user) return reply.code(401).send({ message: messages.common.unauthorized, code: 'UNAUTHORIZED' });
    const caller = router.createCaller(ctx);
    if (!req.isMultipart()) return reply.code(400).send({ message: messages.profile.fileMissing, code: 'BAD_REQUEST' });
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      const file = await req.file();
      if (file?.fieldname !== 'profilePhoto') return reply.code(400).send({ message: messages.profile.fileMissing, code: 'BAD_REQUEST' });
      bytes = new Uint8Array(await file.toBuffer());
    } catch (error) {
      const { code, statusCode } = error as { code?: string; statusCode?: number };
      if (code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.code(413).send({ message: messages.profile.fileTooLarge, code: 'PAYLOAD_TOO_LARGE' });
      }
      // @fastify/multipart's own refusals (too many parts) carry their status. Anything else that breaks
      // while the body is read is a malformed body: no boundary, a boundary never found, cut short.
      if (statusCode !== undefined) throw error;
      return reply.code(400).send({ message: messages.common.badRequest, code: 'BAD_REQUEST' });
    }
    try {
      return await caller.profile.uploadPhoto({ bytes });
    } catch (cause) {
      return sendProcedureError(req, reply, cause, 'profile.uploadPhoto');
    }
  });
}
