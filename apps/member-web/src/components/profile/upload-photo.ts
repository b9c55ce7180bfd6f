import { requestServer } from '@app/client';
import { messages, PROFILE_PHOTO_MAX_BYTES } from '@app/contracts';

/** The server's upload route: multipart is not tRPC, so this one call is a plain request (docs/decisions.md#versions-that-work). */
const UPLOAD_PHOTO_PATH = '/api/profile/upload-photo';

/** What the browser can tell before sending (docs/product-rules.md#validation); the server checks the bytes again. */
export function photoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return messages.profile.invalidFileType;
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return messages.profile.fileTooLarge;
  return null;
}

/** Sends the photo; resolves with its new address, or rejects with the server's message or the catalogue's fallback. */
export async function uploadProfilePhoto(file: File): Promise<string> {
  const body = new FormData();
  body.append('profilePhoto', file);
  const response = await requestServer(
    UPLOAD_PHOTO_PATH,
    { method: 'POST', body },
    { session: 'site', fallback: messages.profile.uploadFailed },
  );
  const answer = (await response.json().catch(() => null)) as { profileImageUrl?: unknown } | null;
  if (typeof answer?.profileImageUrl === 'string') return answer.profileImageUrl;
  throw new Error(messages.profile.uploadFailed);
}
