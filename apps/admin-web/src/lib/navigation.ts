/**
 * Paths this app's router serves: the admin area. The member site, the API's browser routes and the
 * commission dashboard (/admin/percentage, a separate app) need a full page load.
 */
export function isAdminAppHref(href: string): boolean {
  return /^\/admin(-portal)?([/?#]|$)/.test(href) && !/^\/admin\/percentage([/?#]|$)/.test(href);
}
