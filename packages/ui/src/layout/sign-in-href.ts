import { safeReturnPath } from '@app/contracts';

/**
 * Server routes reached by a full page load (docs/api-conventions.md#calls-the-apps-make, browser navigations).
 * In a module of their own, without React or icons: landing.html's small script reads them too.
 */
export const SIGN_IN_HREF = '/api/login';
export const SIGN_OUT_HREF = '/api/logout';

/** The sign-in address that comes back to `returnTo` (when it is a page of this site) after signing in. */
export function signInHref(returnTo?: string | null): string {
  const target = safeReturnPath(returnTo);
  return target && target !== '/' ? `${SIGN_IN_HREF}?${new URLSearchParams({ returnTo: target })}` : SIGN_IN_HREF;
}
