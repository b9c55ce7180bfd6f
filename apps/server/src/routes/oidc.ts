import { type ApiDeps, signInAndStartSession } from '@app/api';
import { AccountBannedError, createOidcClient, OidcSignInError, UnverifiedEmailInUseError } from '@app/auth';
import { safeReturnPath } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import { requestScope, returnPathOf } from '../request-scope';

/** Holds the state, PKCE verifier and nonce of a sign-in between /api/login and /api/callback. */
const FLOW_COOKIE = 'oidc_flow';
const FLOW_MAX_AGE_SECONDS = 10 * 60;
const CALLBACK_PATH = '/api/callback';
const SIGN_IN_FAILED = '/?signin=failed';
const SIGN_IN_BANNED = '/?signin=banned';
const flowSchema = z.object({
  state: z.string().min(1),
  codeVerifier: z.string().min(1),
  nonce: z.string().min(1),
  returnTo: z.string(),
});

/**
 * Sign-in through the OpenID Connect provider (docs/architecture.md#identity-and-access): GET /api/login sends the browser to
 * the provider, GET /api/callback brings it back signed in. Every failure ends on the home page with
 * `?signin=failed` (or `banned`), never on an error page: these are browser navigations.
 */
export async function registerOidcRoutes(app: FastifyInstance, config: Config, deps: ApiDeps): Promise<void> {
  const { OIDC_ISSUER_URL: issuerUrl, OIDC_CLIENT_ID: clientId } = config;
  if (!issuerUrl || !clientId) throw new Error('OpenID Connect sign-in needs OIDC_ISSUER_URL and OIDC_CLIENT_ID');
  const oidc = createOidcClient({ issuerUrl, clientId, clientSecret: config.OIDC_CLIENT_SECRET });

  // The callback URL the provider knows. Without configuration it follows the address the browser used,
  // which the provider still checks against the client's registered redirect URIs.
  const configuredRedirectUri =
    config.OIDC_REDIRECT_URI ?? (config.PUBLIC_URL ? `${config.PUBLIC_URL.replace(/\/+$/, '')}${CALLBACK_PATH}` : undefined);
  const redirectUriFor = (req: FastifyRequest) => configuredRedirectUri ?? `${req.protocol}://${req.host}${CALLBACK_PATH}`;

  const flowCookieAttributes = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.settings.secureCookies,
    path: '/api',
  };

  app.get('/api/login', async (req, reply) => {
    const returnTo = returnPathOf(req);
    let pending: Awaited<ReturnType<typeof oidc.startSignIn>>;
    try {
      pending = await oidc.startSignIn(redirectUriFor(req));
    } catch (error) {
      req.log.error({ err: error }, 'OpenID Connect sign-in could not start');
      return navigate(reply, SIGN_IN_FAILED);
    }
    const flow: z.infer<typeof flowSchema> = {
      state: pending.state,
      codeVerifier: pending.codeVerifier,
      nonce: pending.nonce,
      returnTo,
    };
    reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), { ...flowCookieAttributes, maxAge: FLOW_MAX_AGE_SECONDS });
    return navigate(reply, pending.url.href);
  });

  app.get(CALLBACK_PATH, async (req, reply) => {
    const flow = readFlow(req.cookies[FLOW_COOKIE]);
    // One use only, whatever the outcome: a replayed callback finds no flow.
    reply.clearCookie(FLOW_COOKIE, flowCookieAttributes);
    if (!flow) {
      req.log.warn('OpenID Connect callback without a sign-in in progress (missing or expired flow cookie)');
      return navigate(reply, SIGN_IN_FAILED);
    }

    // Rebuilt from the redirect URI rather than from the request: behind a proxy the request's own URL
    // differs, and openid-client sends this URL's origin and path to the token endpoint as redirect_uri.
    const callbackUrl = new URL(redirectUriFor(req));
    callbackUrl.search = new URL(req.url, 'http://callback.invalid').search;

    try {
      const person = await oidc.finishSignIn(callbackUrl, flow);
      await signInAndStartSession(deps, requestScope(req, reply), person);
      return navigate(reply, flow.returnTo);
    } catch (error) {
      if (error instanceof AccountBannedError) {
        req.log.warn('OpenID Connect sign-in refused: the account is banned');
        return navigate(reply, SIGN_IN_BANNED);
      }
      if (error instanceof UnverifiedEmailInUseError) {
        req.log.warn('OpenID Connect sign-in refused: unverified e-mail of an existing account');
      } else if (error instanceof OidcSignInError && error.reason !== 'provider-unavailable') {
        req.log.warn({ reason: error.reason, detail: error.message }, 'OpenID Connect sign-in refused');
      } else {
        req.log.error({ err: error }, 'OpenID Connect sign-in failed');
      }
      return navigate(reply, SIGN_IN_FAILED);
    }
  });
}

function navigate(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').redirect(location);
}

/** The flow cookie is the browser's to alter, so it is parsed defensively and returnTo is checked again. */
function readFlow(raw: string | undefined): z.infer<typeof flowSchema> | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = flowSchema.safeParse(parsed);
  if (!result.success) return null;
  return { ...result.data, returnTo: safeReturnPath(result.data.returnTo) ?? '/' };
}
