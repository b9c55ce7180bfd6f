/** Longer return paths are not ours to keep: no page of the apps has one. */
const MAX_RETURN_PATH_LENGTH = 1024;

function isControlCharacter(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/**
 * A page of this site to land on after sign-in, or null: the one rule for every return target (the
 * provider's callback, the development sign-in page, the apps' sign-in links). Only a relative path:
 * never `//host` or `/\host` (browsers read both as another site), no backslash anywhere, never control
 * characters (browsers drop tabs and newlines, which can turn `/\t/host` into `//host`), and never an
 * /api or /trpc route (returning to /api/login would loop).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if ([...value].some(isControlCharacter)) return null;
  const base = 'http://return.invalid';
  const url = new URL(value, base);
  if (url.origin !== base) return null;
  if (/^\/(api|trpc)(\/|$)/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
