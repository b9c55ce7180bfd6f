import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of an app's manifest (Vite's `build.manifest`): its file and the chunks it imports statically. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface InitialJs {
  /** Each JS file loaded before any route runs, relative to dist, with its gzip size in bytes. */
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

const MANIFEST = path.join('.vite', 'manifest.json');

/**
 * The asset paths a page loads as scripts or preloads as modules, relative to dist (base stripped). The
 * member app's page also preloads the code of the shell and dashboard routes beside its entry (marked
 * data-route-preload by apps/member-web/build/first-paint.ts): route code, which the budget leaves out.
 */
function htmlScripts(html: string, base: string, withRouteCode: boolean): string[] {
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const isRouteCode = (tag: string) => /\bdata-route-preload\b/.test(tag);
  return tags
    .filter((tag) => /^<script\b/.test(tag) || (/\brel="modulepreload"/.test(tag) && (withRouteCode || !isRouteCode(tag))))
    .map((tag) => /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1])
    .filter((url): url is string => url?.endsWith('.js') === true)
    .map((url) => {
      if (!url.startsWith(base)) throw new Error(`${url} is not under the app's base ${base}`);
      return url.slice(base.length);
    });
}

/**
 * The JavaScript a built app's page (index.html unless named: the member site also has landing.html) loads
 * before any route runs: the entry script and its modulepreload links from the page, plus every chunk they
 * import statically according to the manifest (a static import the page does not preload still loads
 * before the entry runs); with `withRouteCode`, the member app's route preloads and their imports as well.
 * Each file is gzipped at the default level, as a server compresses it, and the sizes are summed.
 */
export function measureInitialJs(distDir: string, base: string, page = 'index.html', withRouteCode = false): InitialJs {
  const pageHtml = path.join(distDir, page);
  const manifestPath = path.join(distDir, MANIFEST);
  for (const needed of [pageHtml, manifestPath]) {
    if (!existsSync(needed)) throw new Error(`${needed} is missing: run \`pnpm build\` first (pnpm test does).`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[page];
  if (!entry) throw new Error(`${manifestPath} has no ${page} entry`);

  const files = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    files.add(chunk.file);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new Error(`${manifestPath}: ${key} is imported but not listed`);
      if (!files.has(imported.file)) visit(imported);
    }
  };
  visit(entry);
  const chunkOfFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  for (const file of htmlScripts(readFileSync(pageHtml, 'utf8'), base, withRouteCode)) {
    const chunk = chunkOfFile.get(file);
    if (chunk) visit(chunk);
    else files.add(file);
  }

  const measured = [...files].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(path.join(distDir, file))).length }));
  return { files: measured, gzipBytes: measured.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0) };
}
