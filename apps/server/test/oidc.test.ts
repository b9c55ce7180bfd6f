import { generateKeyPairSync } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

/**
 * The whole OpenID Connect sign-in against a real provider (oidc-provider) on a loopback port: the app
 * listens on another one, and a scripted browser (fetch plus a cookie jar) follows the redirects and
 * submits the provider's development login and consent forms.
 */

const CLIENT = { id: 'pesotasks', secret: 'test-client-secret' };

interface Account {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** Keep the profile out of the ID token, as many providers do, so the app must ask userinfo. */
  profileOnlyAtUserinfo?: boolean;
}

const ACCOUNTS: Record<string, Account> = {
  maria: { email: 'maria@example.com', email_verified: true, given_name: 'Maria', family_name: 'Santos' },
  juan: { email: 'juan@example.com', email_verified: true, given_name: 'Juan', family_name: 'Cruz', profileOnlyAtUserinfo: true },
  repeat: { email: 'repeat@example.com', email_verified: true, given_name: 'Rita', family_name: 'Peat' },
  chief: { email: 'Chief@Example.com', email_verified: true, given_name: 'Carla', family_name: 'Chief' },
  /** On ADMIN_EMAILS, but the provider does not say the e-mail is verified. */
  deputy: { email: 'deputy@example.com', given_name: 'Dina', family_name: 'Puty' },
  banned: { email: 'banned@example.com', email_verified: true, given_name: 'Ben', family_name: 'Ned' },
  unverified: { email: 'unverified@example.com', email_verified: false, given_name: 'Una', family_name: 'Veri' },
  nomail: { given_name: 'No', family_name: 'Mail' },
};

let t: TestApp;
let providerServer: Server;
let appServer: Server;
let issuer: string;
let appUrl: string;
let callbackUrl: string;
/** Switched off to play a provider that is down. */
let providerAnswers = true;

/** Listens on a free loopback port; requests go to whatever handler is attached later. */
async function listenOnLoopback(): Promise<{ server: Server; url: string; handle(listener: RequestListener): void }> {
  let listener: RequestListener = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    handle: (next) => {
      listener = next;
    },
  };
}

function startProvider(): RequestListener {
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: [callbackUrl],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // Let each account decide what its ID token carries (see profileOnlyAtUserinfo).
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, sub: string) => {
      const account = ACCOUNTS[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: (use: 'id_token' | 'userinfo') => {
          const { profileOnlyAtUserinfo, ...profile } = account;
          return profileOnlyAtUserinfo && use === 'id_token' ? { sub } : { sub, ...profile };
        },
      };
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    cookies: { keys: ['oidc-test-cookie-key'] },
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: 'test' }] },
    features: { devInteractions: { enabled: true } },
  });
  return provider.callback();
}

beforeAll(async () => {
  const providerPort = await listenOnLoopback();
  const appPort = await listenOnLoopback();
  providerServer = providerPort.server;
  appServer = appPort.server;
  issuer = providerPort.url;
  appUrl = appPort.url;
  callbackUrl = `${appUrl}/api/callback`;

  const provider = startProvider();
  providerPort.handle((req, res) => (providerAnswers ? provider(req, res) : res.writeHead(503).end()));
  t = await startTestApp({
    OIDC_ISSUER_URL: issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_REDIRECT_URI: callbackUrl,
    ADMIN_EMAILS: 'chief@example.com, deputy@example.com',
  });
  // The app's port had to exist before its configuration (OIDC_REDIRECT_URI names it).
  appPort.handle((req, res) => t.app.routing(req, res));
});

afterAll(async () => {
  for (const server of [appServer, providerServer]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await t?.close();
});

/** A browser: remembers cookies per origin and never follows redirects by itself. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookie(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).origin)?.get(name);
  }

  get(url: string | URL, cookies?: string): Promise<Response> {
    return this.request(new URL(url), { method: 'GET' }, cookies);
  }

  post(url: string | URL, form: Record<string, string>): Promise<Response> {
    return this.request(new URL(url), { method: 'POST', body: new URLSearchParams(form) });
  }

  /** `cookies` replaces the jar's cookies for this one request. */
  private async request(url: URL, init: RequestInit, cookies?: string): Promise<Response> {
    const jar = this.jars.get(url.origin) ?? new Map<string, string>();
    this.jars.set(url.origin, jar);
    const cookieHeader = cookies ?? [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: cookieHeader ? { cookie: cookieHeader } : {} });
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(setting).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
}

const isRedirect = (response: Response) => response.status >= 300 && response.status < 400;
const locationOf = (response: Response, base: string) => new URL(response.headers.get('location') ?? '', base);

/**
 * From GET /api/login through the provider's pages (login as `accountId`, consent) until the provider
 * sends the browser back to the app; returns that callback URL without visiting it.
 */
async function throughProvider(browser: Browser, accountId: string, returnTo?: string): Promise<URL> {
  const loginUrl = new URL('/api/login', appUrl);
  if (returnTo !== undefined) loginUrl.searchParams.set('returnTo', returnTo);
  let url = loginUrl;
  let response = await browser.get(url);
  for (let step = 0; step < 12; step++) {
    if (isRedirect(response)) {
      url = locationOf(response, url.href);
      if (url.href.startsWith(callbackUrl)) return url;
      response = await browser.get(url);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]* action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action || !prompt) {
      throw new Error(`unexpected page from ${url.href} (${response.status}): ${page.slice(0, 500)}`);
    }
    const form: Record<string, string> = prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt };
    url = new URL(action, url);
    response = await browser.post(url, form);
  }
  throw new Error('the provider never sent the browser back to the app');
}

/** Completes a sign-in; returns where the app sent the browser. */
async function signInAs(browser: Browser, accountId: string, returnTo?: string): Promise<string> {
  const callback = await throughProvider(browser, accountId, returnTo);
  const response = await browser.get(callback);
  expect(response.status).toBe(302);
  return response.headers.get('location') ?? '';
}

async function currentUser(browser: Browser) {
  const response = await browser.get(`${appUrl}/api/auth/user`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('OpenID Connect sign-in', () => {
  it('sends the browser to the provider with PKCE S256 and keeps the flow in a short-lived cookie', async () => {
    const response = await new Browser().get(`${appUrl}/api/login`);
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = locationOf(response, appUrl);
    expect(location.origin).toBe(issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      response_type: 'code',
      redirect_uri: callbackUrl,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();

    const flowCookie = response.headers.getSetCookie().find((header) => header.startsWith('oidc_flow='));
    expect(flowCookie).toBeDefined();
    expect(flowCookie).toMatch(/; Max-Age=600(;|$)/);
    expect(flowCookie).toMatch(/; Path=\/api(;|$)/);
    expect(flowCookie).toMatch(/; HttpOnly(;|$)/);
    expect(flowCookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(flowCookie).not.toMatch(/; Secure/);
  });

  it('signs a new person in with the e-mail and names from the ID token', async () => {
    const browser = new Browser();
    expect(await signInAs(browser, 'maria', '/tasks?tab=today')).toBe('/tasks?tab=today');
    expect(browser.cookie(appUrl, 'session')).toBeTruthy();
    expect(browser.cookie(appUrl, 'oidc_flow')).toBeUndefined();

    const me = await currentUser(browser);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'maria@example.com', firstName: 'Maria', lastName: 'Santos', isAdmin: false });

    const identity = await t.database.db
      .selectFrom('identities')
      .selectAll()
      .where('userId', '=', me.body.id as string)
      .executeTakeFirst();
    expect(identity).toMatchObject({ issuer, subject: 'maria' });
  });

  it('asks userinfo when the ID token carries no e-mail', async () => {
    const browser = new Browser();
    expect(await signInAs(browser, 'juan')).toBe('/');
    const me = await currentUser(browser);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'juan@example.com', firstName: 'Juan', lastName: 'Cruz' });
  });

  it('reuses the same user for a second sign-in of the same subject and ends the earlier session', async () => {
    const browser = new Browser();
    await signInAs(browser, 'repeat');
    const first = await currentUser(browser);
    const firstToken = browser.cookie(appUrl, 'session');

    // The provider remembers the person (its own session cookie): no login page this time.
    await signInAs(browser, 'repeat');
    const second = await currentUser(browser);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(browser.cookie(appUrl, 'session')).not.toBe(firstToken);

    const stale = await browser.get(`${appUrl}/api/auth/user`, `session=${firstToken}`);
    expect(stale.status).toBe(401);
  });

  it('makes an e-mail listed in ADMIN_EMAILS an admin, whatever its case at the provider', async () => {
    const browser = new Browser();
    await signInAs(browser, 'chief');
    const me = await currentUser(browser);
    expect(me.body).toMatchObject({ email: 'chief@example.com', isAdmin: true });
  });

  it('grants admin only to an e-mail the provider marks verified', async () => {
    const browser = new Browser();
    await signInAs(browser, 'deputy');
    const me = await currentUser(browser);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'deputy@example.com', isAdmin: false });
  });

  it.each([
    ['a scheme-relative URL', '//evil.example/steal'],
    ['a backslash URL', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a path hiding a tab', '/\t/evil.example'],
    ['an API route', '/api/login'],
  ])('returns to / instead of %s', async (_label, returnTo) => {
    expect(await signInAs(new Browser(), 'maria', returnTo)).toBe('/');
  });

  it('refuses a callback whose state was tampered with, and the flow cannot be replayed', async () => {
    const browser = new Browser();
    const callback = await throughProvider(browser, 'maria');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state');

    const refused = await browser.get(tampered);
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/?signin=failed');
    expect(browser.cookie(appUrl, 'session')).toBeUndefined();

    // The flow cookie was spent on the refused attempt: the genuine callback no longer signs anyone in.
    const replay = await browser.get(callback);
    expect(replay.headers.get('location')).toBe('/?signin=failed');
    expect(browser.cookie(appUrl, 'session')).toBeUndefined();
  });

  it('refuses a callback that carries the provider error', async () => {
    const browser = new Browser();
    const login = await browser.get(`${appUrl}/api/login`);
    const state = locationOf(login, appUrl).searchParams.get('state') ?? '';
    const callback = new URL(callbackUrl);
    callback.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'End-User aborted interaction',
      state,
      iss: issuer,
    }).toString();

    const response = await browser.get(callback);
    expect(response.headers.get('location')).toBe('/?signin=failed');
    expect(browser.cookie(appUrl, 'session')).toBeUndefined();
  });

  it('refuses a callback without a sign-in in progress', async () => {
    const response = await new Browser().get(`${callbackUrl}?code=made-up&state=made-up`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/?signin=failed');
    expect(response.headers.getSetCookie().some((header) => header.startsWith('session='))).toBe(false);
  });

  it.each([
    ['no e-mail', 'nomail'],
    ['an unverified e-mail', 'unverified'],
  ])('refuses a person with %s', async (_label, accountId) => {
    const browser = new Browser();
    expect(await signInAs(browser, accountId)).toBe('/?signin=failed');
    expect(browser.cookie(appUrl, 'session')).toBeUndefined();
  });

  it('refuses a banned user', async () => {
    const browser = new Browser();
    await signInAs(browser, 'banned');
    await t.database.db.updateTable('users').set({ accountStatus: 'banned' }).where('email', '=', 'banned@example.com').execute();

    const fresh = new Browser();
    expect(await signInAs(fresh, 'banned')).toBe('/?signin=banned');
    expect(fresh.cookie(appUrl, 'session')).toBeUndefined();
  });

  it('starts while the provider is down and discovers it once it answers', async () => {
    // A server of its own, so that no earlier sign-in has already run discovery.
    const other = await startTestApp({ OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_REDIRECT_URI: callbackUrl });
    try {
      providerAnswers = false;
      const whileDown = await other.app.inject('/api/login');
      expect(whileDown.statusCode).toBe(302);
      expect(whileDown.headers.location).toBe('/?signin=failed');

      providerAnswers = true;
      const onceUp = await other.app.inject('/api/login');
      expect(onceUp.statusCode).toBe(302);
      expect(new URL(String(onceUp.headers.location)).origin).toBe(issuer);
    } finally {
      providerAnswers = true;
      await other.close();
    }
  });

  it('turns the development sign-in off', async () => {
    const response = await fetch(`${appUrl}/api/dev/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'intruder@example.com' }),
    });
    expect(response.status).toBe(404);
  });
});
