import type { RequestScope } from '@app/api';
import { LANGUAGE_COOKIE, type Language, requestLanguage, safeReturnPath } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The language of a request for a page or a text (docs/architecture.md#two-languages): its cookie, else
 * Accept-Language. An error can be answered before the cookie plugin has read the cookies (or in an app
 * without it), so they may be missing.
 */
export function languageOfRequest(req: FastifyRequest): Language {
  const cookies: Partial<Record<string, string>> | undefined = req.cookies;
  return requestLanguage(cookies?.[LANGUAGE_COOKIE], req.headers['accept-language']);
}

/**
 * Where sign-in sends the visitor back: the `returnTo` the page's link carries, else the page of this site the
 * link was on (Referer, which the site's Referrer-Policy sends in full to itself), else the home page. A
 * sign-in link tapped before the landing page's script had run carries no returnTo: the visitor still comes
 * back to the page they asked for. Paths only, checked as returnTo is (safeReturnPath).
 */
export function returnPathOf(req: FastifyRequest): string {
  const asked = safeReturnPath((req.query as Record<string, unknown>).returnTo);
  if (asked) return asked;
  const referer = req.headers.referer;
  if (!referer || !URL.canParse(referer)) return '/';
  const page = new URL(referer);
  return page.host === req.headers.host ? (safeReturnPath(`${page.pathname}${page.search}`) ?? '/') : '/';
}

/** Whether the browser says another site started the request (a link or an <img> there): Sec-Fetch-Site. */
export function startedElsewhere(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** The parts of a Fastify exchange the API may touch: the client's address, its device and traits, its cookies. */
export function requestScope(req: FastifyRequest, reply: FastifyReply): RequestScope {
  return {
    ip: req.ip,
    deviceId: req.deviceId,
    deviceTraits: req.deviceTraits,
    startedElsewhere: startedElsewhere(req),
    ownOrigin: `${req.protocol}://${req.host}`,
    language: languageOfRequest(req),
    cookie: (name) => req.cookies[name],
    setCookie: (cookie) => {
      reply.setCookie(cookie.name, cookie.value, cookie.attributes);
    },
    setHeader: (name, value) => {
      reply.header(name, value);
    },
  };
}
