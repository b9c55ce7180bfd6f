import { type ApiDeps, unsubscribeDevice } from '@app/api';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { returnPathOf, startedElsewhere } from '../request-scope';
import { cspNonces, nonceRoute } from '../security/headers';
import { renderDevLoginPage } from './dev-login-page';

/**
 * The browser navigations of sign-in and sign-out. With an identity provider configured, /api/login and
 * /api/callback belong to the OpenID Connect routes; without one, where development sign-in is allowed
 * (never in production; on a loopback address or with DEV_LOGIN=true), /api/login shows its form, which
 * posts to POST /api/dev/login.
 */
export function registerSessionRoutes(app: FastifyInstance, config: Config, deps: ApiDeps): void {
  if (config.devLoginEnabled) {
    app.get('/api/login', nonceRoute, async (req, reply) => {
      const returnTo = returnPathOf(req);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderDevLoginPage(cspNonces(reply), returnTo));
    });
    // Without a provider nothing calls back; a visitor who lands here is sent to sign in.
    app.get('/api/callback', async (_req, reply) => reply.redirect('/api/login'));
  }

  // A navigation that another site started (a link or an <img> pointing here) must not sign the member
  // out: browsers say so in Sec-Fetch-Site. Our own pages, a typed address and non-browser clients pass.
  app.get('/api/logout', async (req, reply) => {
    const token = req.cookies[deps.sessions.cookieName];
    if (token && !startedElsewhere(req)) {
      // Signing out on a browser also ends its pushes (docs/architecture.md#web-push).
      const signedIn = await deps.sessions.validateSession(token);
      if (signedIn && req.deviceId) await unsubscribeDevice(deps.db, signedIn.user.id, req.deviceId);
      await deps.sessions.invalidateSession(token);
      const blank = deps.sessions.blankCookie();
      reply.setCookie(blank.name, blank.value, blank.attributes);
    }
    return reply.header('cache-control', 'no-store').redirect('/');
  });
}
