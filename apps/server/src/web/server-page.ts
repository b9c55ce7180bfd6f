export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The start of a page the server renders itself (development sign-in, API reference), up to its <title>:
 * with the product's icon, which member-web serves at the root, so the browser does not ask for
 * /favicon.ico (a 404).
 */
export function serverPageHead(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)}</title>`;
}
