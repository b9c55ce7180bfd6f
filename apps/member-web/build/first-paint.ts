import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, defaultServerConditions, type Plugin, type Rolldown } from 'vite';
import { sourceConditions } from '../../../tooling/vite.ts';
import { compiledCatalogues } from './catalogues.ts';

const appRoot = fileURLToPath(new URL('..', import.meta.url));
const RENDERER = '/src/first-paint/render.tsx';
const ROOT_ELEMENT = '<div id="root"></div>';
const INDEX_PAGE = fileURLToPath(new URL('../index.html', import.meta.url));
/** The member app's script, whose evaluation starts the app: no other page or chunk may import its chunk. */
const APP_SCRIPT = fileURLToPath(new URL('../src/main.tsx', import.meta.url));
const LANDING_PAGE = fileURLToPath(new URL('../landing.html', import.meta.url));

/** The modules `entry` imports statically, and theirs, by the bundler's module graph. */
function staticImports(entry: string, moduleInfo: (id: string) => { importedIds: readonly string[] } | null): Set<string> {
  const found = new Set<string>();
  const pending = [entry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(moduleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * Names the pages' first chunks. The member app's page and script get one of their own (index): evaluating it
 * starts the app, and the shared initial chunk (tooling/vite.ts), which lazy chunks import from, must not.
 * Then what landing.html's script (src/landing.ts) needs before it runs, which is all the landing page
 * loads: what the member app may import too goes in a chunk both load (initial-shared); the rest, the
 * script itself among it, in the landing page's own, which the app never loads. React, the router and the
 * app stay out of both. By the module graph, which counts a package's index as importing all it exports:
 * the script imports each helper from its own module.
 */
function firstChunks(): Rolldown.CodeSplittingNameFunction {
  let pages: { landing: Set<string>; index: Set<string> } | undefined;
  return (id, context) => {
    if (id === INDEX_PAGE || id === APP_SCRIPT) return 'index';
    const moduleInfo = (moduleId: string) => context.getModuleInfo(moduleId);
    pages ??= { landing: staticImports(LANDING_PAGE, moduleInfo), index: staticImports(INDEX_PAGE, moduleInfo) };
    if (!pages.landing.has(id)) return null;
    return pages.index.has(id) ? 'initial-shared' : 'landing';
  };
}

/** The pages' own small shared modules: everything of ui, client and the app but what needs Radix or zod. */
const PAGE_PARTS =
  /(packages[\\/](ui|client)[\\/]src|apps[\\/]member-web[\\/]src)[\\/](?!.*(dialog|dropdown-menu|tabs|toast|sheet|switch|select|field|label|form|progress|avatar|menu|mobile-nav|zod|conversation|search|open-views))/;
/**
 * The code every signed-in page (the shell) and the dashboard load once the app has chosen the route:
 * index.html asks for it at once, beside the app's own script, instead of one round trip after it.
 */
const SHELL_AND_DASHBOARD = [
  /src[\\/]components[\\/]member-shell\.tsx$/,
  /src[\\/]routes[\\/]_member\.tsx\?tsr-split=component$/,
  /src[\\/]routes[\\/]_member[\\/]index\.tsx\?tsr-split=component$/,
  // The English catalogue, which the app loads before its first render (src/main.tsx): preloaded, it comes
  // with the app's code rather than one round trip after it. Filipino pages load theirs then.
  /packages[\\/]contracts[\\/]src[\\/]i18n[\\/]en\.json$/,
];

/** Marks the preloads of route code, which the initial-JavaScript budget (tests/system/initial-js.ts) leaves out. */
const ROUTE_PRELOAD_ATTRIBUTE = 'data-route-preload';

interface LandingPaint {
  markup: string;
  title: string;
  description: string;
}

interface FirstPaints {
  landing: Record<'en' | 'fil', LandingPaint>;
  shell: string;
  serverFiles: Record<string, string>;
}

/**
 * Renders the first paints with the app's own components, in a throwaway Vite server that loads them as
 * server modules (workspace packages from their TypeScript source, as in the app's build).
 */
async function renderFirstPaints(): Promise<FirstPaints> {
  const server = await createServer({
    configFile: false,
    root: appRoot,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { conditions: sourceConditions },
    ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
    plugins: [react(), compiledCatalogues()],
  });
  try {
    const renderer = (await server.ssrLoadModule(RENDERER)) as { renderFirstPaints: () => Promise<FirstPaints> };
    return await renderer.renderFirstPaints();
  } finally {
    await server.close();
  }
}

/**
 * The member site's pages paint from their HTML (docs/architecture.md#what-a-page-loads-first). The build has
 * two pages: index.html, the member app, which paints the signed-in shell (header, logo, skeletons) until the
 * app replaces it, and landing.html, which paints the landing page, and whose small script adds to it
 * without React. The server picks one by the request's session cookie. The stylesheet goes inline into both
 * (about 10 KB compressed), so nothing holds the first paint but the HTML itself.
 */
export function memberFirstPaint(): Plugin {
  return {
    name: 'member-first-paint',
    apply: 'build',
    enforce: 'post',
    config: () => ({
      build: {
        rolldownOptions: {
          input: {
            index: INDEX_PAGE,
            landing: LANDING_PAGE,
          },
          output: {
            codeSplitting: {
              groups: [
                { name: firstChunks(), debugName: 'first chunks', tags: ['$initial'], includeDependenciesRecursively: false, priority: 1 },
                // The icons the pages load with their code in one file, not one file each: on a phone's
                // network every request costs a round trip, and a page waited for a dozen of them.
                { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
                // Likewise the small components and helpers the pages share, but for those built on Radix
                // or zod, which stay in the chunks of the menus, dialogs and forms that load after the first paint.
                { name: 'page-parts', test: PAGE_PARTS, maxModuleSize: 6_000, minShareCount: 2, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
    }),
    async generateBundle(_options, bundle) {
      const paints = await renderFirstPaints();
      const stylesheets = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'asset' && item.fileName.endsWith('.css') ? [[item.fileName, String(item.source)]] : [],
        ),
      );
      const inlineStyles = (html: string) =>
        html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const css = stylesheets.get(file);
          if (css === undefined) throw new Error(`${link} names no stylesheet of the build`);
          // The disabled link is never fetched; it tells Vite's loader of lazy chunks, which looks for a link to
          // each stylesheet a chunk needs, that this one is on the page already.
          return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
        });
      const preloads = routePreloads(bundle)
        // At low priority: they come beside the app's own script without holding what paints first.
        .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" ${ROUTE_PRELOAD_ATTRIBUTE} href="/${file}">`)
        .join('');
      // Each page in each language (docs/architecture.md#two-languages): index.html and landing.html in
      // English, and their .fil.html twins with the Filipino <html lang>, title and description (and paint).
      const headIn = (paint: LandingPaint, language: string) => (html: string) =>
        html
          .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(paint.title)}</title>`)
          .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(paint.description)}"`);
      const landingIn = (paint: LandingPaint, language: string) => (html: string) =>
        headIn(paint, language)(html.replace(ROOT_ELEMENT, `<div id="root">${paint.markup}</div>`));
      const starter = this.emitFile({ type: 'asset', name: 'after-paint.js', source: AFTER_PAINT_STARTER });
      const shell = (html: string) =>
        scriptsAfterPaint(
          html.replace(ROOT_ELEMENT, `${paints.shell}${ROOT_ELEMENT}`).replace('</head>', `${preloads}</head>`),
          this.getFileName(starter),
        );
      const pages: Record<string, Record<keyof FirstPaints['landing'], (html: string) => string>> = {
        'index.html': { en: shell, fil: (html) => headIn(paints.landing.fil, 'fil')(shell(html)) },
        'landing.html': { en: landingIn(paints.landing.en, 'en'), fil: landingIn(paints.landing.fil, 'fil') },
      };
      for (const [fileName, inEach] of Object.entries(pages)) {
        const page = bundle[fileName];
        if (page?.type !== 'asset') throw new Error(`the build has no ${fileName}`);
        const html = String(page.source);
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`${fileName} has no empty ${ROOT_ELEMENT}`);
        this.emitFile({ type: 'asset', fileName: filipinoPage(fileName), source: inlineStyles(inEach.fil(html)) });
        page.source = inlineStyles(inEach.en(html));
      }
      // Dot files, which the server reads and never serves.
      for (const [fileName, source] of Object.entries(paints.serverFiles)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

/**
 * index.html's one script: once the page's HTML has painted, it puts the scripts and preloads its template holds
 * in the page, where they load and run: the app's script and its first chunks first, then the route's preloads,
 * a few tags a task (each tag starts a request: the 19 at once were a task of 20 to 50 ms on a fast machine).
 * Copies, as the template's own script was written by the parser and would never run. "Painted" is the first
 * contentful paint as Paint Timing reports it, once it is on the screen: a timer set in the frame that paints
 * ran before the frame was shown, and scripts that arrived in between counted as holding the paint in
 * Lighthouse's simulation (bench/RESULTS.md). A browser without Paint Timing starts after that frame, and one that
 * has it but reports no paint within three seconds of the frame starts then.
 */
const AFTER_PAINT_STARTER = `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var template = document.querySelector('template[data-app-scripts]');
    var tags = template ? [].slice.call(template.content.cloneNode(true).children) : [];
    setTimeout(function next() {
      document.head.append.apply(document.head, tags.splice(0, 4));
      if (tags.length) setTimeout(next);
    });
  }
  var timesPaints = !!(window.PerformanceObserver && PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0);
  if (timesPaints) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        start();
      }
    }).observe({ type: 'paint', buffered: true });
  }
  requestAnimationFrame(function () {
    setTimeout(start, timesPaints ? 3000 : 0);
  });
})();
`;

/**
 * Moves the member app's page's module script and preloads into an inert template that AFTER_PAINT_STARTER
 * puts in the page after its first paint, and loads the starter in their place. The page paints the shell and
 * the dashboard from its HTML (docs/architecture.md#what-a-page-loads-first); on a phone's network the app's
 * 250 KB of scripts, asked for at once, took the bandwidth the HTML's own bytes needed for that paint.
 */
function scriptsAfterPaint(html: string, starterFile: string): string {
  const appScripts = html.match(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g) ?? [];
  if (!appScripts.some((tag) => tag.startsWith('<script'))) throw new Error('index.html has no module script to start after its paint');
  const withoutScripts = appScripts.reduce((page, tag) => page.replace(tag, ''), html);
  return withoutScripts
    .replace('</head>', `<script src="/${starterFile}" defer></script></head>`)
    .replace('</body>', `<template data-app-scripts>${appScripts.join('')}</template></body>`);
}

/** A page's Filipino twin beside it (landing.fil.html); the server picks one by the visitor's language. */
const filipinoPage = (fileName: string) => fileName.replace(/\.html$/, '.fil.html');

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

/** The files of SHELL_AND_DASHBOARD's chunks and of what they import, but those the page loads anyway. */
function routePreloads(bundle: Bundle): string[] {
  const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
  const pageScripts = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || files.has(fileName) || pageScripts.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const pattern of SHELL_AND_DASHBOARD) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId !== null && pattern.test(candidate.facadeModuleId));
    if (!chunk) throw new Error(`the build has no chunk of ${pattern}`);
    visit(chunk.fileName);
  }
  return [...files];
}
