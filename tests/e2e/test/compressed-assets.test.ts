import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body comes back as sent: fetch would undo the content encoding this test is about. */
function rawGet(path: string, acceptEncoding: string | null): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    request(`${baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Each asset the page itself names (its entry script and stylesheet), as the browser would fetch them first. */
async function pageAssets(pagePath: string): Promise<string[]> {
  const page = await rawGet(pagePath, null);
  const html = page.body.toString('utf8');
  return [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((match) => match[1] as string);
}

describe.each([
  { app: 'member-web', page: '/' },
  { app: 'admin-web', page: '/admin/' },
  { app: 'commission-web', page: '/admin/percentage/' },
])('$app sends its scripts and styles compressed', ({ page }) => {
  it("keeps the build's own files (its manifest under .vite) to itself", async () => {
    for (const encoding of [null, 'br']) {
      const manifest = await rawGet(`${page}.vite/manifest.json`, encoding);
      expect(manifest.status).toBe(404);
      expect(manifest.body.toString('utf8')).not.toContain('"file"');
    }
  });

  it('as Brotli or gzip when the browser accepts them, the same bytes unpacked, and whole to a client that accepts neither', async () => {
    const assets = await pageAssets(page);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const plain = await rawGet(asset, null);
      expect(plain.status, asset).toBe(200);
      expect(plain.headers['content-encoding'], asset).toBeUndefined();
      // Below 1 KB (the member site's module runtime) the build writes no compressed copy (tooling/vite.ts).
      if (plain.body.length < 1024) continue;

      const br = await rawGet(asset, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], asset).toBe('br');
      expect(br.body.length, asset).toBeLessThan(plain.body.length / 2);
      expect(brotliDecompressSync(br.body).equals(plain.body), asset).toBe(true);

      const gz = await rawGet(asset, 'gzip');
      expect(gz.headers['content-encoding'], asset).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain.body), asset).toBe(true);

      // A shared cache keeps one copy per encoding, and each keeps the year-long cache of a hashed file.
      for (const answer of [plain, br, gz]) {
        expect(answer.headers.vary, asset).toMatch(/accept-encoding/i);
        expect(answer.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      }
      expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size, asset).toBe(3);
    }
  });
});
