import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { defaultClientConditions } from 'vite';

/**
 * Build and dev settings the three web apps share. Imported by their vite and vitest configs by relative
 * path (Vite bundles a config's relative imports but loads package imports as plain Node modules, which
 * cannot be TypeScript), never by app code. Plain values only: the apps may resolve another copy of Vite.
 */

/** Workspace packages resolve to their TypeScript source through the custom "source" export condition. */
export const sourceConditions = ['source', ...defaultClientConditions];

/**
 * Production build settings of every app. The manifest lists each chunk's static imports: the
 * initial-JavaScript budget test (tests/system) reads it to find what loads before any route runs.
 * Everything the entry imports statically goes into one chunk (Rolldown's `$initial` tag): left to
 * itself, Rolldown splits each module that a lazy route also imports (an icon, a helper) into a chunk
 * of its own, and the first screen waited for 17 requests of member-web's JavaScript instead of one.
 */
const appBuild = {
  manifest: true,
  rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial' as const] }] } } },
};

/**
 * Every build is a production build, whatever NODE_ENV the shell or the server was given: Vite keeps a
 * NODE_ENV it finds set, and `NODE_ENV=development pnpm start` built React's development bundles (about
 * 45% more script). appSettings calls this with Vite's command.
 */
function buildForProduction(command: 'build' | 'serve'): void {
  if (command === 'build') process.env.NODE_ENV = 'production';
}

/** Files every app serves as they are, under its own base: the icon its index.html links to. */
export const sharedPublicDir = fileURLToPath(new URL('../packages/ui/public', import.meta.url));

const API_SERVER = 'http://127.0.0.1:3000';

/** The dev (and preview) server of one app: its own port, API calls and uploads forwarded to the API server. */
function appServer(port: number) {
  return {
    port,
    strictPort: true,
    proxy: {
      '/api': API_SERVER,
      '/trpc': API_SERVER,
      '/uploads': API_SERVER,
    },
  };
}

/**
 * Everything an app's config returns: where it is served, its dev and preview port, the shared build, public
 * files and source conditions, and its own plugins followed by the two every app has (sharedPage and
 * precompressedFiles). It also makes a build a production build (buildForProduction), so each app's config
 * is this call.
 */
export function appSettings<Plugin>(
  command: 'build' | 'serve',
  app: { base: string; port: number; page?: PageHead; plugins: readonly Plugin[] },
) {
  buildForProduction(command);
  return {
    base: app.base,
    resolve: { conditions: sourceConditions },
    build: appBuild,
    publicDir: sharedPublicDir,
    server: appServer(app.port),
    preview: appServer(app.port),
    plugins: [...app.plugins, sharedPage(app.page), preloadedStart(app.base), precompressedFiles()],
  };
}

/** Vitest settings of one app's component tests; the root config gathers each app's project by name. */
export function componentTests(name: string, pageUrl: string) {
  return {
    name,
    environment: 'happy-dom' as const,
    // Relative fetches (the tRPC client calls /trpc) need a page address to resolve against.
    environmentOptions: { happyDOM: { url: pageUrl } },
    include: ['test/**/*.test.tsx'],
    setupFiles: [fileURLToPath(new URL('../packages/testkit/src/component-setup.ts', import.meta.url))],
    globals: false,
    // A screen test clicks through several dialogs; on two cores shared with the server and browser
    // suites, vitest's 5 s default cut healthy tests short, and 20 s a first visit to the payouts page.
    testTimeout: 30_000,
  };
}

/**
 * A page's head where its config gives it rather than its HTML: the admin and commission pages are alike but
 * for their titles (the member site's pages name their own). `robots` keeps a page out of search engines.
 * `icon` replaces the SVG icon: the member site links a PNG, as Chromium draws an SVG icon by building an SVG
 * document on the page's main thread, a task of 6 to 45 ms after the first paint of a phone's first load.
 */
interface PageHead {
  title?: string;
  robots?: 'noindex';
  icon?: { href: string; type: 'image/png' };
}

/**
 * What every app's page has besides its own title and meta tags: the character set, the viewport, the
 * theme colour, the icon, the root element and the entry script (unless the page names its own, as the
 * member site's landing.html does); and `page`'s tags where the config gives them. It runs before Vite reads
 * the page, so the entry is bundled and the icon's address takes the app's base, as if each page had them.
 */
function sharedPage(page: PageHead | undefined) {
  const head = [
    { tag: 'meta', attrs: { charset: 'UTF-8' } },
    { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1.0' } },
    { tag: 'meta', attrs: { name: 'theme-color', content: '#047857' } },
    { tag: 'link', attrs: { rel: 'icon', ...(page?.icon ?? { type: 'image/svg+xml', href: '/favicon.svg' }) } },
    ...(page?.robots ? [{ tag: 'meta', attrs: { name: 'robots', content: page.robots } }] : []),
    ...(page?.title ? [{ tag: 'title', children: page.title }] : []),
  ];
  const body = [
    { tag: 'div', attrs: { id: 'root' } },
    { tag: 'script', attrs: { type: 'module', src: '/src/main.tsx' } },
  ];
  return {
    name: 'shared-page',
    transformIndexHtml: {
      order: 'pre' as const,
      handler: (html: string) => [
        ...head.map((tag) => ({ ...tag, injectTo: 'head-prepend' as const })),
        ...body
          .filter((tag) => tag.tag !== 'script' || !html.includes('<script type="module"'))
          .map((tag) => ({ ...tag, injectTo: 'body' as const })),
      ],
    },
  };
}

/** The modules an app's start imports dynamically, each to be evaluated in a task of its own: React DOM (mountApp). */
const START_IMPORTS = [/[\\/]react-dom[\\/]client\.js$/];

/** The part of a built chunk preloadedStart reads. */
interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}

type Bundle = Record<string, BuiltChunk | { type: 'asset' }>;

/** The chunks `entry` and the chunks it imports statically import dynamically, by file name. */
function dynamicImportsOf(entry: BuiltChunk, bundle: Bundle): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: BuiltChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const fileName of chunk.dynamicImports) found.add(fileName);
    for (const fileName of chunk.imports) {
      const imported = bundle[fileName];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(entry);
  return found;
}

/**
 * Preloads, from the page, the chunks the app's start imports dynamically (START_IMPORTS): they load beside
 * the entry rather than one round trip after its evaluation, and count in the page's initial JavaScript
 * (tests/system/initial-js.ts).
 */
function preloadedStart(base: string) {
  return {
    name: 'preloaded-start',
    apply: 'build' as const,
    transformIndexHtml: {
      order: 'post' as const,
      handler: (_html: string, context: { chunk?: BuiltChunk; bundle?: Bundle }) => {
        const { chunk, bundle } = context;
        if (!chunk || !bundle) return [];
        return [...dynamicImportsOf(chunk, bundle)].flatMap((fileName) => {
          const imported = bundle[fileName];
          if (imported?.type !== 'chunk' || !START_IMPORTS.some((pattern) => pattern.test(imported.facadeModuleId ?? ''))) return [];
          return [
            { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` }, injectTo: 'head' as const },
          ];
        });
      },
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Text the browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_COMPRESSIBLE_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, compressed once at the
 * highest levels, for the server to send to browsers that accept them (docs/architecture.md#running-it):
 * member-web's entry script is 465 KB as built and about a third of that over the wire. A copy that would
 * not be smaller is not written. Compressing at build time costs the server nothing per request.
 */
function precompressedFiles() {
  return {
    name: 'precompressed-files',
    apply: 'build' as const,
    async writeBundle(
      output: { dir?: string },
      bundle: Record<string, { type: 'chunk'; code: string } | { type: 'asset'; source: string | Uint8Array }>,
    ) {
      const dir = output.dir;
      if (!dir) return;
      await Promise.all(
        Object.entries(bundle).map(async ([file, item]) => {
          if (!COMPRESSIBLE.test(file)) return;
          const bytes = Buffer.from(item.type === 'chunk' ? item.code : item.source);
          if (bytes.length < MIN_COMPRESSIBLE_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          const target = path.join(dir, file);
          await Promise.all([
            br.length < bytes.length ? writeFile(`${target}.br`, br) : undefined,
            gz.length < bytes.length ? writeFile(`${target}.gz`, gz) : undefined,
          ]);
        }),
      );
    },
  };
}
