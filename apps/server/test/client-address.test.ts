import { RATE_LIMITS } from '@app/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createAdmin, signIn, startTestApp, type TestApp } from './helpers';

/**
 * The client's address is what the per-address limits count and what the admin log records, so it must be
 * the one the trusted proxies saw, never one the client wrote itself into X-Forwarded-For.
 */

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function appWith(env: Record<string, string>) {
  // Behind a proxy, development sign-in (how these tests sign in) must be asked for by name.
  const app = await startTestApp({ DEV_LOGIN: 'true', ...env });
  apps.push(app);
  return app;
}

/** The address an admin's unlock is logged with, sent from `remoteAddress` with `forwardedFor`. */
async function loggedAddress(t: TestApp, email: string, remoteAddress: string, forwardedFor?: string) {
  await createAdmin(t, email);
  const cookie = await signIn(t.app, email);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/unlock',
    remoteAddress,
    headers: { cookie, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { password: ADMIN_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const user = await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const log = await t.database.db
    .selectFrom('adminLogs')
    .select('ipAddress')
    .where('action', '=', 'admin_unlock')
    .where('adminId', '=', user.id)
    .executeTakeFirstOrThrow();
  return log.ipAddress;
}

describe('TRUST_PROXY=1 (one load balancer in front)', () => {
  it('counts the per-address limit by the address the proxy saw, whatever the client forges before it', async () => {
    const t = await appWith({ TRUST_PROXY: '1' });
    const { max } = RATE_LIMITS.commissionLogin;
    const guess = (attempt: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/percentage/login',
        remoteAddress: '10.0.0.1',
        // The guesser writes a new address each time; the proxy appends the one it saw.
        headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.7` },
        payload: { username: `guess-${attempt}`, password: 'wrong' },
      });
    for (let attempt = 1; attempt <= max; attempt++) expect((await guess(attempt)).statusCode).toBe(401);
    expect((await guess(max + 1)).statusCode).toBe(429);
  });

  it('logs the address the proxy saw', async () => {
    const t = await appWith({ TRUST_PROXY: '1' });
    expect(await loggedAddress(t, 'proxied@example.com', '10.0.0.1', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY as a list of proxies', () => {
  it('takes X-Forwarded-For only from a listed proxy', async () => {
    const t = await appWith({ TRUST_PROXY: '10.0.0.0/8' });
    expect(await loggedAddress(t, 'via-proxy@example.com', '10.1.2.3', '6.6.6.6, 203.0.113.5')).toBe('203.0.113.5');
    expect(await loggedAddress(t, 'direct@example.com', '198.51.100.77', '6.6.6.6')).toBe('198.51.100.77');
  });
});

describe('without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For', async () => {
    const t = await appWith({});
    expect(await loggedAddress(t, 'no-proxy@example.com', '198.51.100.78', '6.6.6.6')).toBe('198.51.100.78');
  });
});
