import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe("each app's icon", () => {
  it.each(['/', '/admin/', '/admin/percentage/'])('is linked from the app at %s and served under its base', async (base) => {
    const page = await fetch(`${baseUrl}${base}`);
    const href = /<link rel="icon"[^>]*href="([^"]+)"/.exec(await page.text())?.[1];
    expect(href).toBe(`${base}favicon.svg`);
    const icon = await fetch(`${baseUrl}${href}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
  });

  it.each(['/api/login', '/api/docs'])('is linked from the server-rendered page %s', async (pagePath) => {
    const page = await fetch(`${baseUrl}${pagePath}`);
    expect(page.status).toBe(200);
    const href = /<link rel="icon"[^>]*href="([^"]+)"/.exec(await page.text())?.[1];
    expect(href).toBe('/favicon.svg');
    expect((await fetch(`${baseUrl}${href}`)).status).toBe(200);
  });
});
