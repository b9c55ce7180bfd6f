import { chmodSync, mkdirSync } from 'node:fs';

/**
 * The embedded database's folder and the backups hold every member's data: only the server's own user may
 * read them (docs/architecture.md#running-it), whatever the umask of the shell that started it.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `folder` (and any missing parent) owner-only; a folder made before with wider modes is narrowed too. */
export function makePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(folder, PRIVATE_FOLDER_MODE);
}
