/**
 * Paths this app's router serves. The API's browser routes (sign-in, sign-out) and calls, uploads and the
 * admin apps are other servers' or apps' pages and need a full page load; the service worker (src/sw.ts)
 * answers no navigation to them.
 */
export function isMemberAppHref(href: string): boolean {
  return href.startsWith('/') && !/^\/(api|trpc|uploads|admin)([/?#-]|$)/.test(href);
}
