/*
 * The site's open/closed state without its schema (maintenance.ts): the member app's first screen checks
 * it, and a module with a zod schema would bring zod into that screen's download.
 */

export const WEBSITE_STATUSES = ['on', 'off'] as const;
export type WebsiteStatus = (typeof WEBSITE_STATUSES)[number];

/** The member-facing site is closed when maintenance is on or the website is switched off. */
export function isSiteClosed(status: { maintenance: boolean; websiteStatus: WebsiteStatus }): boolean {
  return status.maintenance || status.websiteStatus === 'off';
}
