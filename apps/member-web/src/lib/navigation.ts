/**
 * Paths this app's router serves. The API's browser routes (sign-in, sign-out), uploads and the admin
 * apps are other servers' or apps' pages and need a full page load.
 */
export function isMemberAppHref(href: string): boolean {
  return href.startsWith('/') && !/^\/(api|uploads|admin)([/?#-]|$)/.test(href);
}
