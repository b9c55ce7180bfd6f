import { AD_SCRIPT_URL } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, signIn, testAppOfFile } from './helpers';

/** The Content-Security-Policy header as directive name -> sources. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const AD_ORIGIN = new URL(AD_SCRIPT_URL).origin;

/** Pages and answers of every kind the server gives: apps, server-rendered pages, API, uploads. */
const PATHS = ['/', '/admin', '/admin/percentage', '/api/login', '/api/docs', '/api/auth/user', '/trpc/site.config', '/uploads/none.png'];

describe('security headers without an ad client', () => {
  const t = testAppOfFile();

  it.each(PATHS)('%s carries the policy and the other security headers', async (url) => {
    const response = await t.app.inject(url);
    const policy = policyOf(response);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')?.filter((source) => !source.startsWith("'nonce-"))).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'http:']);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(String(response.headers['content-security-policy'])).not.toContain('google');

    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('keeps inline styles allowed in the apps, where Radix sets style attributes and injects its scroll lock style', async () => {
    expect(policyOf(await t.app.inject('/')).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('gives the development sign-in page fresh nonces for its own style and script, and nothing inline else runs', async () => {
    const pages = [await t.app.inject('/api/login'), await t.app.inject('/api/login')];
    const nonces = pages.map((page) => {
      const policy = policyOf(page);
      const scriptNonce = policy.get('script-src')?.find((source) => source.startsWith("'nonce-"));
      const styleNonce = policy.get('style-src')?.find((source) => source.startsWith("'nonce-"));
      expect(scriptNonce).toBeDefined();
      expect(styleNonce).toBeDefined();
      const scriptValue = scriptNonce!.slice("'nonce-".length, -1);
      const styleValue = styleNonce!.slice("'nonce-".length, -1);
      expect(page.body).toContain(`<script nonce="${scriptValue}">`);
      expect(page.body).toContain(`<style nonce="${styleValue}">`);
      // Every inline element carries the nonce: none would run without it.
      expect(page.body.match(/<script/g)).toHaveLength(1);
      expect(page.body.match(/<style/g)).toHaveLength(1);
      // With a nonce in style-src, browsers ignore 'unsafe-inline' there: the page's style runs by its nonce only.
      return scriptValue;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('gives the API reference a nonce for its style and loads no script', async () => {
    const page = await t.app.inject('/api/docs');
    const styleNonce = policyOf(page)
      .get('style-src')
      ?.find((source) => source.startsWith("'nonce-"));
    expect(page.body).toContain(`<style nonce="${styleNonce!.slice("'nonce-".length, -1)}">`);
    expect(page.body).not.toContain('<script');
  });

  it('keeps a member’s answers out of every cache, and a cacheable one out of shared caches when it carries a cookie', async () => {
    const cookie = await signIn(t.app, 'headers-cache@example.com');
    for (const url of ['/api/auth/user', '/api/transactions', '/trpc/auth.user?batch=1&input=%7B%7D', '/api/openapi.json']) {
      const response = await t.app.inject({ url, headers: { cookie } });
      expect({ url, status: response.statusCode, cacheControl: response.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cacheControl: 'private, no-store',
      });
    }
    // The public figures are the same for everyone and may be cached, unless this answer carries a cookie
    // (here the clearing of a session that does not exist), which no shared cache may hand the next caller.
    const anonymous = await t.app.inject('/api/public/payout-stats');
    expect({ cacheControl: anonymous.headers['cache-control'], cookies: anonymous.cookies }).toEqual({
      cacheControl: 'public, max-age=60',
      cookies: [],
    });
    const stale = await t.app.inject({ url: '/api/public/payout-stats', headers: { cookie: 'session=no-such-session' } });
    expect(stale.cookies.map((set) => set.name)).toEqual(['session']);
    expect(stale.headers['cache-control']).toBe('private, no-store');
  });

  it('sends the headers on refusals too', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/dev/login', headers: { origin: 'https://evil.example' }, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(policyOf(refused).get('default-src')).toEqual(["'self'"]);
  });
});

describe('security headers with an ad client', () => {
  const t = testAppOfFile({ AD_CLIENT_ID: 'ca-pub-1234567890' });

  it('allows the ad network’s script, frames and reports, and nothing else more', async () => {
    const policy = policyOf(await t.app.inject('/'));
    expect(policy.get('script-src')).toContain(AD_ORIGIN);
    expect(policy.get('script-src')?.[0]).toBe("'self'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('frame-src')).toContain('https://googleads.g.doubleclick.net');
    expect(policy.get('frame-src')).not.toContain("'none'");
    expect(policy.get('connect-src')).toEqual(["'self'", AD_ORIGIN, 'https://*.adtrafficquality.google']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });
});

describe('security headers in production', () => {
  const t = testAppOfFile(PRODUCTION_ENV);

  it('adds HSTS and upgrades insecure requests', async () => {
    const response = await t.app.inject('/api/docs');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(policyOf(response).has('upgrade-insecure-requests')).toBe(true);
  });
});
