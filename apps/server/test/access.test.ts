import { createSessionManager } from '@app/auth';
import { messages } from '@app/contracts';
import { createAppCaches, insertUser } from '@app/db';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  freshClientAddress,
  OPERATOR,
  PRODUCTION_ENV,
  signIn,
  signInUnlockedAdmin,
  startTestApp,
  type TestApp,
  testAppOfFile,
  UNREACHABLE_PROVIDER,
} from './helpers';

function setCookie(response: LightMyRequestResponse, name: string) {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  expect(cookie, `${name} cookie`).toBeDefined();
  return cookie!;
}

const isSignedIn = async (t: TestApp, cookie: string) =>
  (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode === 200;

const t = testAppOfFile();

describe('cookies', () => {
  it('sends the session cookie HttpOnly, SameSite=Lax, for the whole site, and not Secure outside production', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: 'cookie@example.com' } });
    const cookie = setCookie(response, 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
  });

  it('sends the commission_session cookie and the operator browser’s commission_device mark the same way', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/percentage/login', payload: OPERATOR });
    for (const name of ['commission_session', 'commission_device']) {
      const cookie = setCookie(response, name);
      expect(cookie, name).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure, name).toBeFalsy();
    }
  });

  it('makes member sessions Secure when asked to (production)', async () => {
    const user = await insertUser(t.database.db, { email: 'secure@example.com' });
    const caches = createAppCaches(await t.database.changes());
    const { cookie } = await createSessionManager(t.database.db, { secureCookies: true, caches }).createSession(user.id);
    expect(cookie.attributes).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/', secure: true });
  });

  describe('the device cookie', () => {
    const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;
    const visit = (url: string, cookie?: string) =>
      t.app.inject({ url, remoteAddress: freshClientAddress(), ...(cookie ? { headers: { cookie } } : {}) });

    it.each([
      ['the signed-in user (401 to a visitor)', '/api/auth/user'],
      ['the maintenance status', '/api/maintenance-status'],
      ['a tRPC query', '/trpc/maintenance.status'],
    ])('is given to a visitor at the first API call, %s, before any sign-in', async (_name, url) => {
      const response = await visit(url);
      expect(response.statusCode).toBeLessThan(500);
      const device = setCookie(response, 'device');
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: DEVICE_COOKIE_MAX_AGE });
      expect(device.secure).toBeFalsy();
      expect(device.value).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    });

    it('is a new random id for each visitor', async () => {
      const [first, second] = await Promise.all([visit('/api/auth/user'), visit('/api/auth/user')]);
      expect(setCookie(first!, 'device').value).not.toBe(setCookie(second!, 'device').value);
    });

    it('is kept, not issued again, when the browser brings a valid one back, signed in or not', async () => {
      const device = setCookie(await visit('/api/maintenance-status'), 'device').value;
      for (const url of ['/api/auth/user', '/api/maintenance-status', '/trpc/maintenance.status']) {
        const again = await visit(url, `device=${device}`);
        expect(
          again.cookies.find((cookie) => cookie.name === 'device'),
          url,
        ).toBeUndefined();
      }
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/dev/login',
        remoteAddress: freshClientAddress(),
        headers: { cookie: `device=${device}` },
        payload: { email: 'device-kept@example.com' },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.cookies.map((cookie) => cookie.name)).toEqual(['session']);
    });

    it('replaces a malformed one', async () => {
      const response = await visit('/api/auth/user', 'device=short');
      expect(setCookie(response, 'device').value).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    });

    it('is not set on public, cacheable answers', async () => {
      const response = await visit('/api/public/payout-stats');
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((cookie) => cookie.name === 'device')).toBeUndefined();
    });
  });

  describe('in production', () => {
    const production = testAppOfFile(PRODUCTION_ENV);

    it('sends both session cookies, and the operator browser’s mark, Secure, HttpOnly and SameSite=Lax', async () => {
      const signedIn = await production.app.inject({ method: 'POST', url: '/api/admin/percentage/login', payload: OPERATOR });
      for (const name of ['commission_session', 'commission_device']) {
        expect(setCookie(signedIn, name), name).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
      }
      // Without a provider nobody signs in here; the cookie that ends a session carries the same attributes.
      const member = setCookie(await production.app.inject({ url: '/api/logout', headers: { cookie: 'session=unknown' } }), 'session');
      expect(member).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
    });

    it('sends the device cookie Secure, HttpOnly and SameSite=Lax at a visitor’s first API call', async () => {
      const device = setCookie(await production.app.inject({ url: '/api/auth/user' }), 'device');
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true, maxAge: 400 * 24 * 60 * 60 });
    });
  });
});

describe('concurrent first sign-ins', () => {
  it('make one account for twenty sign-ins of one new person at once, each answered with a session', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/dev/login',
          remoteAddress: freshClientAddress(),
          payload: { email: 'Twenty@Example.com' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const users = await t.database.db.selectFrom('users').select('id').where('email', '=', 'twenty@example.com').execute();
    expect(users).toHaveLength(1);
    for (const answer of answers) expect(await isSignedIn(t, cookieHeader(answer))).toBe(true);
  });
});

describe('session rotation at sign-in', () => {
  it('never turns a session id planted before sign-in into a signed-in one', async () => {
    const planted = 'session=planted-by-someone-else';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      headers: { cookie: planted },
      payload: { email: 'victim@example.com' },
    });
    expect(response.statusCode).toBe(200);
    const issued = setCookie(response, 'session');
    expect(issued.value).not.toBe('planted-by-someone-else');
    expect(await isSignedIn(t, planted)).toBe(false);
    expect(await isSignedIn(t, cookieHeader(response))).toBe(true);
  });

  it('ends the session the browser had and issues a new one, even when the old one was valid', async () => {
    const attackerCookie = await signIn(t.app, 'attacker@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      headers: { cookie: attackerCookie },
      payload: { email: 'second-victim@example.com' },
    });
    const victimCookie = cookieHeader(response, attackerCookie);
    expect(victimCookie).not.toBe(attackerCookie);
    expect(await isSignedIn(t, attackerCookie)).toBe(false);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: victimCookie } });
    expect(me.json().email).toBe('second-victim@example.com');
  });
});

describe('banning a member', () => {
  it('ends all of the member’s sessions at once, and the member cannot sign in again', async () => {
    const adminCookie = await signInUnlockedAdmin(t, 'banner@example.com');
    const phone = await signIn(t.app, 'banned-soon@example.com');
    const laptop = await signIn(t.app, 'banned-soon@example.com');
    const member = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'banned-soon@example.com')
      .executeTakeFirstOrThrow();
    const sessionsOf = () => t.database.db.selectFrom('sessions').select('id').where('userId', '=', member.id).execute();
    expect(await sessionsOf()).toHaveLength(2);

    const ban = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/status`,
      headers: { cookie: adminCookie },
      payload: { status: 'banned', reason: 'Fraud' },
    });
    expect(ban.statusCode).toBe(200);
    // Gone before the member makes any request.
    expect(await sessionsOf()).toEqual([]);
    expect(await isSignedIn(t, phone)).toBe(false);
    expect(await isSignedIn(t, laptop)).toBe(false);

    const again = await t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: 'banned-soon@example.com' } });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: messages.auth.accountBanned, code: 'FORBIDDEN' });
    expect(again.cookies.filter((cookie) => cookie.name === 'session' && cookie.value !== '')).toEqual([]);
  });
});

describe('the Origin check', () => {
  const host = 'pesotasks.test';
  const crossSite = { host, origin: 'https://evil.example' };
  const refused = { message: messages.common.invalidOrigin, code: 'FORBIDDEN' };
  let member: string;
  beforeAll(async () => {
    member = await signIn(t.app, 'origin@example.com');
  });

  it.each([
    ['a REST call', 'POST', '/api/support/messages', { message: 'Hello' }],
    [
      'a REST PUT',
      'PUT',
      `/api/admin/users/${'0'.repeat(8)}-0000-0000-0000-000000000000/balance`,
      { newBalance: 1, expectedBalance: 0, reason: 'r' },
    ],
    ['a tRPC mutation', 'POST', '/trpc/support.send', { message: 'Hello' }],
    ['a tRPC batch', 'POST', '/trpc/support.send,support.markRead?batch=1', { 0: { message: 'Hello' } }],
    ['the upload route', 'POST', '/api/profile/upload-photo', {}],
    ['the development sign-in', 'POST', '/api/dev/login', { email: 'origin@example.com' }],
  ] as const)('refuses %s from another site with 403', async (_name, method, url, payload) => {
    const response = await t.app.inject({ method, url, payload, headers: { ...crossSite, cookie: member } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refused);
    // The same call from the site itself gets past the check.
    const sameSite = await t.app.inject({ method, url, payload, headers: { host, origin: `http://${host}`, cookie: member } });
    expect(sameSite.body).not.toContain(refused.message);
  });

  it('refuses a cross-site request that carries no Origin but says where it came from', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      payload: { message: 'Hello' },
      headers: { host, 'sec-fetch-site': 'cross-site', cookie: member },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refused);
  });

  describe('with PUBLIC_URL set', () => {
    // A proxy in front whose X-Forwarded-Host Fastify believes, as a deployment behind one does.
    const behindProxy = testAppOfFile({ PUBLIC_URL: 'https://pesotasks.example', TRUST_PROXY: '1', DEV_LOGIN: 'true' });

    const signInFrom = (app: TestApp, headers: Record<string, string>) =>
      app.app.inject({
        method: 'POST',
        url: '/api/dev/login',
        remoteAddress: freshClientAddress(),
        payload: { email: 'public-url@example.com' },
        headers,
      });

    it('takes PUBLIC_URL alone as the site’s origin, never one built from forwarded host headers', async () => {
      const forged = await signInFrom(behindProxy, {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toEqual(refused);
      // The request's own Host names no origin either once PUBLIC_URL is set.
      const ownHost = await signInFrom(behindProxy, { host, origin: `http://${host}` });
      expect(ownHost.statusCode).toBe(403);

      const fromPublicUrl = await signInFrom(behindProxy, { origin: 'https://pesotasks.example', 'x-forwarded-host': 'evil.example' });
      expect(fromPublicUrl.statusCode).toBe(200);
    });

    it('reads the site’s origin from the request when PUBLIC_URL is unset', async () => {
      const ownHost = await signInFrom(t, { host, origin: `http://${host}` });
      expect(ownHost.statusCode).toBe(200);
    });
  });
});

describe('no user enumeration', () => {
  it('shows the inviter’s e-mail masked, and nothing else but the first name', async () => {
    const inviter = await insertUser(t.database.db, { email: 'juana.dela.cruz@example.com', firstName: 'Juana', lastName: 'Dela Cruz' });
    const response = await t.app.inject(`/api/users/by-referral-code/${inviter.referralCode.toLowerCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'j***@example.com', firstName: 'Juana' });
  });

  it('answers malformed codes exactly as unknown ones', async () => {
    const lookUp = (code: string) =>
      t.app.inject({ url: `/api/users/by-referral-code/${encodeURIComponent(code)}`, remoteAddress: freshClientAddress() });
    const unknown = await lookUp('ZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.referrals.codeUnknown, code: 'NOT_FOUND' });
    for (const malformed of ['X'.repeat(65), 'ab$%^&', '   ', 'ÄÖÜ-ß', 'a b', "' OR 1=1 --", '1']) {
      const response = await lookUp(malformed);
      expect({ code: malformed, status: response.statusCode, body: response.json() }).toEqual({
        code: malformed,
        status: unknown.statusCode,
        body: unknown.json(),
      });
    }
    const viaTrpc = await t.app.inject(`/trpc/referrals.inviter?input=${encodeURIComponent(JSON.stringify({ code: 'X'.repeat(65) }))}`);
    expect(viaTrpc.statusCode).toBe(404);
    expect(viaTrpc.json().error.message).toBe(messages.referrals.codeUnknown);
  });

  it('answers sign-in the same for a new and an existing e-mail', async () => {
    await insertUser(t.database.db, { email: 'existing@example.com' });
    const answers = await Promise.all(
      ['existing@example.com', 'brand-new@example.com'].map((email) =>
        t.app.inject({ method: 'POST', url: '/api/dev/login', remoteAddress: freshClientAddress(), payload: { email } }),
      ),
    );
    const shapes = answers.map((answer) => ({
      status: answer.statusCode,
      body: answer.body,
      cookies: answer.cookies.map(({ name, httpOnly, sameSite, path, secure, maxAge }) => ({
        name,
        httpOnly,
        sameSite,
        path,
        secure,
        maxAge,
      })),
    }));
    expect(shapes[0]).toEqual(shapes[1]);
    expect(shapes[0]?.status).toBe(200);
  });
});

describe('signing out', () => {
  const logout = (cookie: string, site?: string) =>
    t.app.inject({ url: '/api/logout', headers: { cookie, ...(site ? { 'sec-fetch-site': site } : {}) } });

  it('is not done by a navigation another site started', async () => {
    const cookie = await signIn(t.app, 'stays-in@example.com');
    for (const site of ['cross-site', 'same-site']) {
      const response = await logout(cookie, site);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      expect(response.cookies.find((candidate) => candidate.name === 'session')).toBeUndefined();
      expect(await isSignedIn(t, cookie)).toBe(true);
    }
  });

  it('ends the session from our own pages, a typed address, or a client that does not say', async () => {
    for (const site of ['same-origin', 'none', undefined]) {
      const cookie = await signIn(t.app, `leaves-${site ?? 'unsaid'}@example.com`);
      const response = await logout(cookie, site);
      expect(response.statusCode).toBe(302);
      expect(setCookie(response, 'session').value).toBe('');
      expect(await isSignedIn(t, cookie)).toBe(false);
    }
  });
});

describe('a session that ended', () => {
  it('is told apart from no session at all: 401 with session "ended", and the stale cookie cleared', async () => {
    const cookie = await signIn(t.app, 'ended-elsewhere@example.com');
    expect((await t.app.inject({ url: '/api/logout', headers: { cookie } })).statusCode).toBe(302);

    const stale = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED', session: 'ended' });
    expect(setCookie(stale, 'session').value).toBe('');
    // A member call in the same state says the same.
    expect((await t.app.inject({ url: '/api/payouts', headers: { cookie } })).json()).toMatchObject({ session: 'ended' });

    const visitor = await t.app.inject({ url: '/api/auth/user' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
  });
});

describe('development sign-in', () => {
  const tryIt = (app: TestApp) =>
    app.app.inject({ method: 'POST', url: '/api/dev/login', remoteAddress: freshClientAddress(), payload: { email: 'admin@example.com' } });

  it('is offered on a loopback address', async () => {
    expect((await tryIt(t)).statusCode).toBe(200);
    expect((await t.app.inject('/api/login')).headers['content-type']).toContain('text/html');
  });

  it('is not offered on another address unless DEV_LOGIN=true says so', async () => {
    // A deploy that forgot NODE_ENV does not start open to anyone who types an admin's e-mail.
    await expect(startTestApp({ HOST: '0.0.0.0' })).rejects.toThrow(/HOST: 0\.0\.0\.0 is reachable from other machines/);
    const exposed = await startTestApp({ HOST: '0.0.0.0', DEV_LOGIN: 'true' });
    try {
      expect((await tryIt(exposed)).statusCode).toBe(200);
    } finally {
      await exposed.close();
    }
  });

  it('is never offered with an identity provider, whatever DEV_LOGIN says', async () => {
    const withProvider = await startTestApp({ ...UNREACHABLE_PROVIDER, DEV_LOGIN: 'true' });
    try {
      const response = await tryIt(withProvider);
      expect(response.statusCode).toBe(404);
      expect(await withProvider.database.db.selectFrom('sessions').select('id').execute()).toEqual([]);
    } finally {
      await withProvider.close();
    }
  });
});
