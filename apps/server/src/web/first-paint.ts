import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  DASHBOARD_HEADERS_FILE,
  type DashboardHeaders,
  dashboardGreeting,
  FIRST_ANSWERS_ID,
  type FirstAnswers,
  type Language,
} from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from './server-page';

const ROOT_ELEMENT = '<div id="root"></div>';

/** The answers as a data block: never run, and no text in them (a name with `</script>`) can end it early. */
const answersBlock = (answers: FirstAnswers) =>
  `<script type="application/json" id="${FIRST_ANSWERS_ID}">${JSON.stringify(answers).replaceAll('<', '\\u003c')}</script>`;

/**
 * A signed-in member's page of the member app (docs/architecture.md#what-a-page-loads-first): the built page
 * (index.html or its Filipino twin) with the answers the app would ask for first written in, and on the
 * dashboard the member's own greeting where the shell has the heading's skeleton, so that the first screen
 * paints from the HTML before any script has run. Built pages are read once.
 */
export function memberPageWriter(distDir: string) {
  const pages = new Map<string, string>();
  let dashboard: DashboardHeaders | undefined;
  const page = (file: string) => {
    let html = pages.get(file);
    if (html === undefined) {
      html = readFileSync(path.join(distDir, file), 'utf8');
      if (!html.includes(ROOT_ELEMENT)) throw new Error(`${file} has no empty ${ROOT_ELEMENT}`);
      pages.set(file, html);
    }
    return html;
  };
  const greetingOf = (answers: FirstAnswers, language: Language) => {
    dashboard ??= JSON.parse(readFileSync(path.join(distDir, DASHBOARD_HEADERS_FILE), 'utf8')) as DashboardHeaders;
    const { greeting, name } = dashboardGreeting(answers.user);
    return {
      skeleton: dashboard.skeleton,
      heading: dashboard.headers[language][greeting].replace(dashboard.nameSlot, () => escapeHtml(name ?? '')),
    };
  };

  return (file: string, language: Language, answers: FirstAnswers, isDashboard: boolean): string => {
    // Replaced by functions: a replacement string would read `$&` or `$'` in a member's name as patterns.
    let html = page(file).replace(ROOT_ELEMENT, () => `${answersBlock(answers)}${ROOT_ELEMENT}`);
    if (isDashboard) {
      const { skeleton, heading } = greetingOf(answers, language);
      html = html.replace(skeleton, () => heading);
    }
    return html;
  };
}

/**
 * Sends a page made for one request, compressed as the built pages are (their .br and .gz copies): the
 * signed-in member's page is about 50 KB of HTML and CSS before compression, 10 KB after.
 */
export function sendPage(req: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  reply.type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return reply.send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return reply.send(gzipSync(html));
  }
  return reply.send(html);
}
