import { randomBytes } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@app/contracts';
import type { Db } from '@app/db';
import { PHOTO_CONTENT_TYPE, PHOTO_SIZES, type PhotoDecoder, type PhotoSize } from './photo-image';
import type { PhotoStore } from './photo-store';

/** Where stored photos are served (docs/architecture.md#uploads): `/uploads/photos/<photo id>-<size>.webp`. */
export const PHOTOS_PATH = '/uploads/photos/';
/** Where photos were written on the instance's own disk before they moved to the store, under DATA_DIR/uploads. */
const AVATARS_FOLDER = 'avatars';
const AVATARS_PATH = `/uploads/${AVATARS_FOLDER}/`;

/** The size users.profile_image_url names; the other sizes sit beside it under the same photo id. */
const PROFILE_PHOTO_SIZE: PhotoSize = 256;

const PHOTO_KEY = /^([0-9a-f]{32})-(\d+)\.webp$/;

/** The store's key of one size of a photo, which is also the last part of its URL. */
const photoKey = (photoId: string, size: PhotoSize) => `${photoId}-${size}.webp`;

/** Whether a name could be a stored photo's key (a photo id of ours and one of the sizes). */
export function isPhotoKey(name: string): boolean {
  const match = PHOTO_KEY.exec(name);
  return match !== null && PHOTO_SIZES.some((size) => String(size) === match[2]);
}

/** The keys of every size of the photo a profile URL names, or none when it names no stored photo. */
function photoKeysOf(url: string | null): string[] {
  const name = url?.startsWith(PHOTOS_PATH) ? url.slice(PHOTOS_PATH.length) : '';
  const photoId = isPhotoKey(name) ? PHOTO_KEY.exec(name)?.[1] : undefined;
  return photoId ? PHOTO_SIZES.map((size) => photoKey(photoId, size)) : [];
}

/** The file a profile URL from before the store names under DATA_DIR/uploads/avatars, if it names one. */
function diskPhotoName(url: string | null): string | null {
  if (!url?.startsWith(AVATARS_PATH)) return null;
  const name = url.slice(AVATARS_PATH.length);
  return name && name === path.basename(name) && !name.startsWith('.') ? name : null;
}

export interface PhotoDeps {
  db: Db;
  photos: PhotoStore;
  /** The instance's decoder, which bounds how many photos decode at once. */
  photoDecoder: PhotoDecoder;
  /** DATA_DIR/uploads, where photos from before the store may still be. */
  uploadsDir: string;
}

/**
 * Decodes and resizes a photo (the instance's photoDecoder) and stores every size under a new photo id.
 * Nothing is left stored when one size fails: the sizes already stored are removed before the error goes on.
 */
async function storePhoto({ photos, photoDecoder }: PhotoDeps, bytes: Uint8Array): Promise<{ url: string; keys: string[] }> {
  const sizes = await photoDecoder(bytes);
  const photoId = randomBytes(16).toString('hex');
  const keys = sizes.map(({ size }) => photoKey(photoId, size));
  const puts = await Promise.allSettled(
    sizes.map(({ size, bytes: resized }) => photos.put(photoKey(photoId, size), resized, PHOTO_CONTENT_TYPE)),
  );
  const failed = puts.find((put) => put.status === 'rejected');
  if (failed) {
    await removeKeys(photos, keys);
    throw failed.reason;
  }
  return { url: `${PHOTOS_PATH}${photoKey(photoId, PROFILE_PHOTO_SIZE)}`, keys };
}

/** Best effort: a photo no profile names any more is only wasted space, never shown. */
async function removeKeys(photos: PhotoStore, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => photos.delete(key).catch(() => undefined)));
}

/** Removes the photo a profile URL named: every size of a stored one, or the file of one from before the store. */
async function removePhoto({ photos, uploadsDir }: PhotoDeps, url: string | null): Promise<void> {
  await removeKeys(photos, photoKeysOf(url));
  const fileName = diskPhotoName(url);
  if (fileName) await unlink(path.join(uploadsDir, AVATARS_FOLDER, fileName)).catch(() => undefined);
}

/**
 * Stores a new profile photo under a fresh photo id (so a cached old URL never shows the new photo, and
 * the URL can be cached for good), then points the member at it and removes the previous photo. The
 * member's row is locked while the previous URL is read and replaced, so of two uploads at once each
 * removes exactly the photo it replaced and none is left behind; the old photo stays until the new one is
 * stored and recorded, and a new photo that could not be recorded is removed again.
 */
export async function saveProfilePhoto(deps: PhotoDeps, userId: string, bytes: Uint8Array): Promise<{ profileImageUrl: string }> {
  const { url: profileImageUrl, keys } = await storePhoto(deps, bytes);
  let previous: string | null;
  try {
    previous = await deps.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('users').select('profileImageUrl').where('id', '=', userId).forUpdate().executeTakeFirst();
      await trx.updateTable('users').set({ profileImageUrl }).where('id', '=', userId).execute();
      return row?.profileImageUrl ?? null;
    });
  } catch (error) {
    await removeKeys(deps.photos, keys);
    throw error;
  }
  await removePhoto(deps, previous);
  return { profileImageUrl };
}

/** The language the member reads the site in (docs/architecture.md#two-languages). */
export async function setLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/** Where moveDiskPhotos reports; the server's logger fits. */
export interface PhotoLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface DiskPhotoReport {
  /** Stored, the URL changed, the file removed. */
  moved: number;
  /** The URL names a file this instance's disk does not hold: the URL is left as it is. */
  missing: number;
  /** The file is there but could not be stored (not an image sharp decodes, the store failing): both stay. */
  failed: number;
}

/**
 * Moves the photos of before the store (files under DATA_DIR/uploads/avatars, docs/architecture.md#uploads)
 * into it, at start: each is resized and stored as an upload is, the member's URL changed only if it still
 * names that file (an upload or another instance may have replaced it meanwhile, and then the copy is
 * removed again), and the file removed last. Running it again moves nothing twice. A URL whose file is not
 * on this disk is left as it is: another instance's disk may still hold the file and move it when that
 * instance starts, and until then the URL answers as it did.
 */
export async function moveDiskPhotos(deps: PhotoDeps, log: PhotoLog): Promise<DiskPhotoReport> {
  const report: DiskPhotoReport = { moved: 0, missing: 0, failed: 0 };
  const rows = await deps.db
    .selectFrom('users')
    .select(['id', 'profileImageUrl'])
    .where('profileImageUrl', 'like', `${AVATARS_PATH}%`)
    .execute();
  for (const { id: userId, profileImageUrl: oldUrl } of rows) {
    const fileName = diskPhotoName(oldUrl);
    const file = fileName ? path.join(deps.uploadsDir, AVATARS_FOLDER, fileName) : null;
    try {
      const bytes = file ? await readIfThere(file) : null;
      if (!file || !bytes) {
        report.missing += 1;
        log.warn({ userId, url: oldUrl }, 'profile photo file not on this disk: its URL is left as it is');
        continue;
      }
      const { url, keys } = await storePhoto(deps, bytes);
      const changed = await deps.db
        .updateTable('users')
        .set({ profileImageUrl: url })
        .where('id', '=', userId)
        .where('profileImageUrl', '=', oldUrl)
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) {
        await removeKeys(deps.photos, keys);
        continue;
      }
      await unlink(file).catch(() => undefined);
      report.moved += 1;
    } catch (error) {
      report.failed += 1;
      log.warn(
        { userId, url: oldUrl, err: error },
        'profile photo file could not be moved to the photo store: file and URL left as they are',
      );
    }
  }
  if (rows.length > 0) log.info({ ...report, store: deps.photos.kind }, 'profile photos on disk moved to the photo store');
  return report;
}

async function readIfThere(file: string): Promise<Buffer | null> {
  return readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}
