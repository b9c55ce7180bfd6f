import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, notFound } from '@app/api';
import { SESSION_COOKIE } from '@app/auth';
import type { FirstAnswers, FirstQuery } from '@app/contracts';
import { firstQueriesOf, messages, showsLandingToVisitors } from '@app/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../errors';
import { languageOfRequest } from '../request-scope';
import { memberPageWriter, sendPage } from './first-paint';

/** The answers a signed-in member's page starts with (readFirstAnswers), or null when nobody is signed in. */
export type FirstAnswersReader = (req: FastifyRequest, reply: FastifyReply, queries: readonly FirstQuery[]) => Promise<FirstAnswers | null>;

/** The three built apps, most specific prefix first: a deep link falls back to its app's index.html. */
const WEB_APPS = [
  {
    name: 'commission-web',
    prefix: '/admin/percentage/',
    matches: (url: string) => url === '/admin/percentage' || url.startsWith('/admin/percentage/'),
  },
  {
    name: 'admin-web',
    prefix: '/admin/',
    matches: (url: string) => url === '/admin' || url.startsWith('/admin/') || url === '/admin-portal' || url.startsWith('/admin-portal/'),
  },
  { name: 'member-web', prefix: '/', matches: () => true },
] as const;

/**
 * The monorepo's apps folder, found from this file whether it runs from src/ (development, tests) or
 * bundled into dist/ (start), which sit at different depths.
 */
function findAppsRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!(path.basename(dir) === 'server' && path.basename(path.dirname(dir)) === 'apps')) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server not found above the running file');
    dir = parent;
  }
  return path.dirname(dir);
}

const appsRoot = findAppsRoot();
const webDistDir = (name: string) => path.join(appsRoot, name, 'dist');

const JSON_ONLY = /^\/(api|trpc|uploads)(\/|$)/;

/**
 * Serves the built apps, and the photo files left under DATA_DIR/uploads from before the photo store
 * (docs/architecture.md#uploads) while any are left. Hashed assets are cached for a year; everything
 * else never (`no-cache`): index.html, so a new deploy shows at once, and member-web's sw.js and
 * manifest.webmanifest, so browsers see a new service worker at their next check
 * (docs/architecture.md#service-worker). Text files go out compressed as the build wrote them. Unknown
 * /api, /trpc and /uploads paths answer a JSON 404.
 */
export async function registerWebApps(app: FastifyInstance, dataDir: string, readFirstAnswers: FirstAnswersReader): Promise<void> {
  const uploadsDir = path.resolve(dataDir, 'uploads');
  if (existsSync(uploadsDir)) {
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'ignore',
      setHeaders: (reply) => {
        reply.header('x-content-type-options', 'nosniff');
        reply.header('cache-control', 'public, max-age=86400');
      },
    });
  }

  const built = WEB_APPS.filter((web) => existsSync(path.join(webDistDir(web.name), 'index.html')));
  for (const [index, web] of built.entries()) {
    await app.register(fastifyStatic, {
      root: webDistDir(web.name),
      prefix: web.prefix,
      decorateReply: index === 0,
      // A request for the prefix itself ("/", "/admin/") is the app's page; the member site's is chosen
      // below (the not-found handler), so its "/" is not a file to serve.
      index: web.name === 'member-web' ? false : 'index.html',
      ...(web.name === 'member-web' ? { allowedPath: (pathName: string) => pathName !== '/' } : {}),
      // The build's Brotli and gzip copies (tooling/vite.ts), to browsers that accept them.
      preCompressed: true,
      // dist/.vite holds the build's manifest, for the build's own checks: not a page's.
      dotfiles: 'ignore',
      wildcard: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const writeMemberPage = memberPageWriter(webDistDir('member-web'));
  // A page is never refused for want of its first answers (the database is away): the app asks for them itself.
  const answersOrNone = async (req: FastifyRequest, reply: FastifyReply, url: string) => {
    try {
      return await readFirstAnswers(req, reply, firstQueriesOf(url));
    } catch (error) {
      req.log.warn({ err: error }, 'the page went out without its first answers');
      return null;
    }
  };
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !JSON_ONLY.test(url) && !path.extname(url);
    if (!isPage) return sendError(reply, notFound(messages.common.notFound));
    const web = WEB_APPS.find((candidate) => candidate.matches(url))!;
    if (!built.some((b) => b.name === web.name)) {
      return sendError(reply, new AppError('SERVICE_UNAVAILABLE', `The ${web.name} app is not built yet: run pnpm build.`));
    }
    reply.header('cache-control', 'no-cache');
    if (web.name !== 'member-web') return reply.sendFile('index.html', webDistDir(web.name));
    // The answer depends on the cookies and the browser's languages, so no cache may give one visitor's page to another.
    reply.header('vary', 'Cookie, Accept-Language, Accept-Encoding');
    // The member site's page (docs/architecture.md#what-a-page-loads-first), chosen by the session cookie: a
    // visitor gets the landing page's own HTML and script where visitors see it; any other request the member
    // app, which paints the signed-in shell with the member's first answers written in (memberPageWriter). Its
    // <html lang> and title are in the reader's language (docs/architecture.md#two-languages) before any script.
    const signedIn = req.cookies[SESSION_COOKIE] !== undefined;
    const page = signedIn || !showsLandingToVisitors(url) ? 'index' : 'landing';
    const answers = signedIn ? await answersOrNone(req, reply, url) : null;
    // The member's stored language wins over the cookie, as it does in the app (a new browser's first visit):
    // the first paint is in the language the app then shows.
    const language = answers?.user.language ?? languageOfRequest(req);
    const file = language === 'fil' ? `${page}.fil.html` : `${page}.html`;
    if (!answers) return reply.sendFile(file, webDistDir(web.name));
    // A member's own figures: kept by their browser only, and asked for again each time.
    reply.header('cache-control', 'private, no-cache');
    return sendPage(req, reply, writeMemberPage(file, language, answers, url === '/'));
  });
}
