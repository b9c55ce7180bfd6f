import { requestServer } from '@app/client';
import { messages, PROFILE_PHOTO_MAX_BYTES } from '@app/contracts';
import { inLanguage } from '../../lib/language';

/** The server's upload route: multipart is not tRPC, so this one call is a plain request (docs/decisions.md#versions-that-work). */
const UPLOAD_PHOTO_PATH = '/api/profile/upload-photo';

/** What the browser can tell before sending (docs/product-rules.md#validation); the server checks the bytes again. */
export function photoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return inLanguage(messages.profile.invalidFileType);
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return inLanguage(messages.profile.fileTooLarge);
  return null;
}

/** Sends the photo; resolves with its new address, or rejects with the server's message or the catalogue's fallback. */
export async function uploadProfilePhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('profilePhoto', file);
  const response = await requestServer(
    UPLOAD_PHOTO_PATH,
    { method: 'POST', body },
    { session: 'site', fallback: inLanguage(messages.profile.uploadFailed) },
  );
  const answer = (await response.json().catch(() => null)) as { profileImageUrl?: unknown } | null;
  if (typeof answer?.profileImageUrl === 'string') return answer.profileImageUrl;
  throw new Error(inLanguage(messages.profile.uploadFailed));
}
