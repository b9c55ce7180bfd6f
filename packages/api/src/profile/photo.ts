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

/** The image type from the file's own bytes (DESIGN.md section 5), never from its name or header. */
export function detectImageType(bytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.extension ?? null;
}

export const AVATARS_FOLDER = 'avatars';

/**
 * Stores a new profile photo under the uploads folder with a fresh random name (so caches never show
 * the old one) and removes the member's previous photo.
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
  await writeFile(path.join(folder, fileName), bytes);
  const profileImageUrl = `/uploads/${AVATARS_FOLDER}/${fileName}`;

  const previous = await db.selectFrom('users').select('profileImageUrl').where('id', '=', userId).executeTakeFirst();
  await db.updateTable('users').set({ profileImageUrl }).where('id', '=', userId).execute();
  const previousName = previous?.profileImageUrl?.startsWith(`/uploads/${AVATARS_FOLDER}/`)
    ? path.basename(previous.profileImageUrl)
    : null;
  if (previousName) await unlink(path.join(folder, previousName)).catch(() => undefined);
  return { profileImageUrl };
}
