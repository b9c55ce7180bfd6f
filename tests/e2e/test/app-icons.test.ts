import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe("each app's icon", () => {
  it.each(['/admin/', '/admin/percentage/'])('is linked from the app at %s and served under its base', async (base) => {
    const page = await fetch(`${baseUrl}${base}`);
    const href = /<link rel="icon"[^>]*href="([^"]+)"/.exec(await page.text())?.[1];
    expect(href).toBe(`${base}favicon.svg`);
    const icon = await fetch(`${baseUrl}${href}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
  });

  // A PNG, not the SVG: a phone draws an SVG icon by building a document on the page's main thread.
  it.each([
    ['landing page', {}],
    ['landing page in Filipino', { 'accept-language': 'fil' }],
    ["signed-in app's page", { cookie: 'session=not-a-session' }],
  ])('is a 48 px PNG on the member site: the %s', async (_page, headers: Record<string, string>) => {
    const page = await fetch(`${baseUrl}/`, { headers });
    const link = /<link rel="icon"[^>]*>/.exec(await page.text())?.[0] ?? '';
    expect(link).toContain('type="image/png"');
    const href = /href="([^"]+)"/.exec(link)?.[1];
    expect(href).toBe('/icons/favicon-48.png');
    const icon = await fetch(`${baseUrl}${href}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/png');
    const png = Buffer.from(await icon.arrayBuffer());
    // The PNG header's width and height.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([48, 48]);
  });

  it.each(['/api/login', '/api/docs'])('is linked from the server-rendered page %s', async (pagePath) => {
    const page = await fetch(`${baseUrl}${pagePath}`);
    expect(page.status).toBe(200);
    const href = /<link rel="icon"[^>]*href="([^"]+)"/.exec(await page.text())?.[1];
    expect(href).toBe('/favicon.svg');
    expect((await fetch(`${baseUrl}${href}`)).status).toBe(200);
  });
});
