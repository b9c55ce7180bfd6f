import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { messages, PROFILE_PHOTO_MAX_BYTES } from '@app/contracts';
import type { Db } from '@app/db';
import { badRequest } from '../lib/errors';

const SIGNATURES: Array<{ extension: string; matches: (bytes: Uint8Array) => boolean }> = [
  { extension: 'png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { extension: 'jpg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { extension: 'gif', matches: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
  { extension: 'webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The image type from the file's own bytes (docs/product-rules.md#decided-rules), never from its name or header. */
export function detectImageType(bytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.extension ?? null;
}

export const AVATARS_FOLDER = 'avatars';

/**
 * Stores a new profile photo under the uploads folder with a fresh random name (so caches never show
 * the old one), then points the member at it and removes the previous photo. The member's row is locked
 * while the previous name is read and replaced, so of two uploads at once each removes exactly the photo
 * it replaced and no file is left behind; the old photo stays until the new one is stored and recorded.
 */
export async function saveProfilePhoto(
  db: Db,
  userId: string,
  bytes: Uint8Array,
  uploadsDir: string,
): Promise<{ profileImageUrl: string }> {
  if (bytes.byteLength > PROFILE_PHOTO_MAX_BYTES) throw badRequest(messages.profile.fileTooLarge);
  const extension = detectImageType(bytes);
  if (!extension) throw badRequest(messages.profile.invalidFileType);

  const folder = path.join(uploadsDir, AVATARS_FOLDER);
  await mkdir(folder, { recursive: true });
  const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
  const filePath = path.join(folder, fileName);
  await writeFile(filePath, bytes);
  const profileImageUrl = `/uploads/${AVATARS_FOLDER}/${fileName}`;

  let previous: string | null;
  try {
    previous = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('users').select('profileImageUrl').where('id', '=', userId).forUpdate().executeTakeFirst();
      await trx.updateTable('users').set({ profileImageUrl }).where('id', '=', userId).execute();
      return row?.profileImageUrl ?? null;
    });
  } catch (error) {
    await unlink(filePath).catch(() => undefined);
    throw error;
  }
  const previousName = previous?.startsWith(`/uploads/${AVATARS_FOLDER}/`) ? path.basename(previous) : null;
  if (previousName) await unlink(path.join(folder, previousName)).catch(() => undefined);
  return { profileImageUrl };
}
