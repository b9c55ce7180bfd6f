import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Language } from '@app/contracts';

/**
 * The language cookie (docs/architecture.md#two-languages), which picks the language of the pages the server
 * sends. Without React or the catalogues: landing.html's small script switches the language with it too.
 */
export function cookieLanguage(): Language | null {
  const value = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return isLanguage(value) ? value : null;
}

/** Keeps `language` for the pages the server sends next. */
export function rememberLanguage(language: Language): void {
  if (cookieLanguage() === language) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox, which members use.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
