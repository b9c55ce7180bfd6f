import { isPhotoKey, notFound, PHOTOS_PATH, type PhotoStore, postgresPhotoStore, s3PhotoStore } from '@app/api';
import { messages } from '@app/contracts';
import type { Db } from '@app/db';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { sendError } from '../errors';

/** The photos table, or the bucket S3_URL names (docs/architecture.md#uploads). */
export function createPhotoStore(config: Pick<Config, 'S3_URL'>, db: Db): Promise<PhotoStore> | PhotoStore {
  return config.S3_URL ? s3PhotoStore(config.S3_URL) : postgresPhotoStore(db);
}

/** A photo's URL never names other bytes (a new photo gets a new URL), so browsers and proxies keep it for good. */
const CACHED_FOR_GOOD = 'public, max-age=31536000, immutable';

/** Whether If-None-Match names this ETag: `*`, or one of its entries, weak or strong (RFC 9110 §13.1.2). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const tag = entry.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * GET /uploads/photos/<photo id>-<size>.webp: a stored profile photo's bytes from the photo store, so
 * any instance answers for a photo any other stored. ETag and a year's caching; 304 when the browser
 * already holds these bytes; the catalogue's JSON 404 for a name that is not a stored photo.
 */
export function registerPhotoRoutes(app: FastifyInstance, photos: PhotoStore): void {
  app.get<{ Params: { name: string } }>(`${PHOTOS_PATH}:name`, async (req, reply) => {
    const { name } = req.params;
    if (!isPhotoKey(name)) return sendError(reply, notFound(messages.common.notFound));
    const photo = await photos.get(name);
    if (!photo) return sendError(reply, notFound(messages.common.notFound));
    reply.header('etag', photo.etag).header('cache-control', CACHED_FOR_GOOD).header('x-content-type-options', 'nosniff');
    if (matchesIfNoneMatch(req.headers['if-none-match'], photo.etag)) return reply.code(304).send();
    return reply.type(photo.contentType).send(Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength));
  });
  app.addHook('onClose', async () => {
    await photos.close?.();
  });
}
