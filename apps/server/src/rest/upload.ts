import { AppError, type AppRouter, badRequest, type Context, type PhotoStore, unauthorized } from '@app/api';
import { messages, PROFILE_PHOTO_MAX_BYTES } from '@app/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../errors';
import { registerPhotoRoutes } from '../web/photos';

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
    if (!ctx.user) return sendError(reply, unauthorized());
    const caller = router.createCaller(ctx);
    if (!req.isMultipart()) return sendError(reply, badRequest(messages.profile.fileMissing));
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      const file = await req.file();
      if (file?.fieldname !== 'profilePhoto') return sendError(reply, badRequest(messages.profile.fileMissing));
      bytes = new Uint8Array(await file.toBuffer());
    } catch (error) {
      const { code, statusCode } = error as { code?: string; statusCode?: number };
      if (code === 'FST_REQ_FILE_TOO_LARGE') return sendError(reply, new AppError('PAYLOAD_TOO_LARGE', messages.profile.fileTooLarge));
      // @fastify/multipart's own refusals (too many parts) carry their status. Anything else that breaks
      // while the body is read is a malformed body: no boundary, a boundary never found, cut short.
      if (statusCode !== undefined) throw error;
      return sendError(reply, badRequest(messages.common.badRequest));
    }
    try {
      return await caller.profile.uploadPhoto({ bytes });
    } catch (cause) {
      return sendError(reply, cause, { procedure: 'profile.uploadPhoto' });
    }
  });
}
