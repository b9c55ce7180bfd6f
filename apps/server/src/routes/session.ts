import type { ApiDeps } from '@app/api';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { nonceRoute } from '../security/headers';
import { renderDevLoginPage } from './dev-login-page';

/**
 * The browser navigations of sign-in and sign-out. With an identity provider configured, /api/login and
 * /api/callback belong to the OpenID Connect routes; without one (never in production) /api/login shows
 * the development sign-in form, which posts to POST /api/dev/login.
 */
export function registerSessionRoutes(app: FastifyInstance, config: Config, deps: ApiDeps): void {
  if (!config.oidcEnabled) {
    app.get('/api/login', nonceRoute, async (_req, reply) => {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderDevLoginPage(reply.cspNonce));
    });
    // Without a provider nothing calls back; a visitor who lands here is sent to sign in.
    app.get('/api/callback', async (_req, reply) => reply.redirect('/api/login'));
  }

  app.get('/api/logout', async (req, reply) => {
    const token = req.cookies[deps.sessions.cookieName];
    if (token) await deps.sessions.invalidateSession(token);
    const blank = deps.sessions.blankCookie();
    reply.setCookie(blank.name, blank.value, blank.attributes);
    return reply.header('cache-control', 'no-store').redirect('/');
  });
}
