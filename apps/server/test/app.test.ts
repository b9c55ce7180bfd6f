import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cookieHeader, createAdmin, OPERATOR, ownedRows, postUnlock, signIn, signInOperator, startTestApp, testAppOfFile } from './helpers';

const t = testAppOfFile();

describe('health and errors', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await t.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('gives every response a request id', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('answers malformed JSON with a 400 and no stack', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(response.body).not.toMatch(/at .*\.ts/);
  });

  it('answers an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: 'a@example.com', firstName: 'x'.repeat(1_100_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('OpenAPI', () => {
  it('documents the REST paths and renders a readable page', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/auth/user', '/maintenance-status', '/admin/unlock']));
    const page = await t.app.inject('/api/docs');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/auth/user');
    expect(page.body).toContain('operator or signed in');
  });

  it('says who may call, what each operation may answer, and names the domain schemas (docs/api-conventions.md#the-openapi-document)', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.paths['/public/payout-stats'].get.security).toEqual([]);
    expect(doc.paths['/admin/percentage/login'].post.security).toEqual([]);
    expect(doc.components.securitySchemes.operatorSession).toEqual(expect.objectContaining({ in: 'cookie', name: 'commission_session' }));
    expect(doc.paths['/admin/percentage/request-payout'].post.security).toEqual([{ operatorSession: [] }]);
    expect(Object.keys(doc.paths['/transactions/statement.csv'].get.responses['200'].content)).toEqual(['text/csv']);
    const balanceEdit = doc.paths['/admin/users/{userId}/balance'].put.responses;
    expect(Object.keys(balanceEdit)).toEqual(['200', '400', '401', '403', '404', '408', '409', '413', '415', '500', '503']);
    expect(balanceEdit['409'].content['application/json'].schema.allOf[1].properties.code.enum).toEqual(['CONFLICT']);
    expect(Object.keys(doc.paths['/payouts'].post.responses)).toContain('429');
    expect(doc.paths['/payouts'].post.responses['400'].content['application/json'].schema.allOf[1].properties.code.enum).toContain(
      'INSUFFICIENT_BALANCE',
    );
    expect(Object.keys(doc.paths['/tasks'].get.responses)).toContain('503');
    // Node's own bare 408 (the connection timeouts) can answer any operation.
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, { responses: object }>));
    expect(operations.filter((operation) => !('408' in operation.responses))).toEqual([]);
    expect(
      doc.paths['/transactions'].get.parameters.find((parameter: { name: string }) => parameter.name === 'limit').schema.description,
    ).toMatch(/beside page or pageSize/);
    expect(doc.components.schemas.Error.additionalProperties).toEqual({ type: 'string' });
    expect(doc.paths['/auth/user'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/User' });
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['User', 'Payout', 'Task', 'VipPlan', 'Transaction', 'Error']),
    );
    const payout = doc.paths['/payouts'].post.requestBody.content['application/json'].schema.properties;
    expect(payout.paymentMethod.enum).toContain('G-CASH');
    expect(
      doc.paths['/vip/upgrade'].post.requestBody.content['application/json'].schema.properties.paymentInfo.properties.transactionProof
        .pattern,
    ).toBeDefined();
  });
});

describe('development sign-in and sessions', () => {
  it('shows the sign-in form at /api/login', async () => {
    const response = await t.app.inject('/api/login');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<form');
  });

  it('sends the form back to a page of this site only, checked by the server', async () => {
    const returnTarget = async (returnTo: string) => {
      const page = (await t.app.inject(`/api/login?returnTo=${encodeURIComponent(returnTo)}`)).body;
      return page.match(/data-return-to="([^"]*)"/)?.[1];
    };
    expect(await returnTarget('/payouts?tab=history')).toBe('/payouts?tab=history');
    for (const forged of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/api/logout']) {
      expect(await returnTarget(forged)).toBe('/');
    }
    // The quote that would close the attribute arrives escaped.
    expect(await returnTarget('/x"onmouseover="alert(1)')).toBe('/x%22onmouseover=%22alert(1)');
    expect((await t.app.inject('/api/login')).body).not.toContain('location.search');
  });

  it('sends a link tapped before the page had set returnTo back to the page it was on, on this site only', async () => {
    const returnFrom = async (referer: string) => {
      const page = (await t.app.inject({ url: '/api/login', headers: { host: 'pesotasks.test', referer } })).body;
      return page.match(/data-return-to="([^"]*)"/)?.[1];
    };
    expect(await returnFrom('http://pesotasks.test/payouts')).toBe('/payouts');
    expect(await returnFrom('http://pesotasks.test/history?page=2')).toBe('/history?page=2');
    expect(await returnFrom('https://evil.example/payouts')).toBe('/');
    expect(await returnFrom('http://pesotasks.test/api/logout')).toBe('/');
    expect(await returnFrom('not a url')).toBe('/');
  });

  it('signs a new person in, with a hashed session and a safe cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: 'Juan@Example.com', firstName: 'Juan', lastName: 'Cruz' },
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name === 'session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const stored = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(stored.map((row) => row.id)).not.toContain(session!.value);

    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: cookieHeader(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'juan@example.com',
      firstName: 'Juan',
      lastName: 'Cruz',
      isAdmin: false,
      vipTier: 'FREE',
      availableBalance: '0.00',
      completedTasks: 0,
    });
  });

  it('answers 401 to /api/auth/user when signed out or with an unknown token', async () => {
    expect((await t.app.inject('/api/auth/user')).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/api/auth/user', headers: { cookie: 'session=forged' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses an invalid e-mail with the catalogue message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please enter a valid email address', code: 'BAD_REQUEST' });
  });

  it('ends the session at /api/logout', async () => {
    const cookie = await signIn(t.app, 'leaving@example.com');
    const out = await t.app.inject({ url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends every session of a banned user and refuses their sign-in', async () => {
    const cookie = await signIn(t.app, 'banned@example.com');
    await sql`UPDATE users SET account_status = 'banned' WHERE email = 'banned@example.com'`.execute(t.database.db);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    expect(await ownedRows(t.database.db, 'sessions', 'banned@example.com')).toHaveLength(0);
    const again = await t.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: 'banned@example.com' } });
    expect(again.statusCode).toBe(403);
  });

  it('makes ADMIN_EMAILS admins at sign-in', async () => {
    const other = await startTestApp({ ADMIN_EMAILS: 'chief@example.com, other@example.com' });
    try {
      const cookie = await signIn(other.app, 'Chief@example.com');
      expect((await other.app.inject({ url: '/api/auth/user', headers: { cookie } })).json()).toMatchObject({
        isAdmin: true,
        adminUnlocked: false,
      });
    } finally {
      await other.close();
    }
  });
});

describe('origin check', () => {
  it('refuses a state change from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'victim@example.com' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Request origin not allowed', code: 'FORBIDDEN' });
  });

  it('allows the same origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { email: 'same@example.com' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('maintenance status', () => {
  it('is public and reads the settings', async () => {
    const response = await t.app.inject('/api/maintenance-status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ maintenance: false, websiteStatus: 'on', lastUpdated: null });
  });
});

describe('admin unlock', () => {
  it('unlocks with the panel password, locks again, and refuses a wrong one', async () => {
    await createAdmin(t, 'unlocker@example.com');
    const cookie = await signIn(t.app, 'unlocker@example.com');
    const wrong = await postUnlock(t, cookie, 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Incorrect password. Please try again.', code: 'UNAUTHORIZED' });

    const right = await postUnlock(t, cookie);
    expect(right.statusCode).toBe(200);
    expect(Date.parse(right.json().unlockedUntil) - t.clock.now.getTime()).toBe(12 * 60 * 60 * 1000);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().adminUnlocked).toBe(true);

    const lock = await t.app.inject({ method: 'POST', url: '/api/admin/lock', headers: { cookie } });
    expect(lock.json()).toEqual({ ok: true });
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().adminUnlocked).toBe(false);

    const logs = await t.database.db.selectFrom('adminLogs').select(['action', 'ipAddress']).orderBy('createdAt').execute();
    expect(logs.map((log) => log.action)).toEqual(expect.arrayContaining(['admin_unlock', 'admin_lock']));
    expect(logs.every((log) => log.ipAddress)).toBe(true);
  });

  it('is refused to members', async () => {
    const cookie = await signIn(t.app, 'plain@example.com');
    const response = await postUnlock(t, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Admin access required');
  });
});

describe('commission operator sign-in', () => {
  it('signs in, reports its session and signs out', async () => {
    expect((await t.app.inject('/api/admin/percentage/auth')).statusCode).toBe(401);
    const cookie = await signInOperator(t.app);
    expect((await t.app.inject({ url: '/api/admin/percentage/auth', headers: { cookie } })).json()).toEqual({
      authenticated: true,
      username: OPERATOR.username,
    });
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/percentage/logout', headers: { cookie } });
    expect(out.json()).toEqual({ ok: true });
    expect((await t.app.inject({ url: '/api/admin/percentage/auth', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses wrong credentials and empty fields with their messages', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/percentage/login',
      payload: { username: OPERATOR.username, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid credentials');
    const empty = await t.app.inject({ method: 'POST', url: '/api/admin/percentage/login', payload: { username: '', password: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Username is required');
  });
});

describe('tRPC endpoint', () => {
  it('answers a batched request in one round trip', async () => {
    const cookie = await signIn(t.app, 'batch@example.com', { firstName: 'Bea' });
    const input = encodeURIComponent(JSON.stringify({}));
    const response = await t.app.inject({ url: `/trpc/auth.user,maintenance.status?batch=1&input=${input}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const [user, status] = response.json();
    expect(user.result.data.firstName).toBe('Bea');
    expect(status.result.data.websiteStatus).toBe('on');
  });

  it('never sends a stack trace in an error', async () => {
    const response = await t.app.inject({ url: '/trpc/auth.user' });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('stack');
  });
});

describe('site configuration', () => {
  it('tells the apps what they need and nothing secret', async () => {
    const input = encodeURIComponent(JSON.stringify({}));
    const response = await t.app.inject(`/trpc/site.config?batch=1&input=${input}`);
    expect(response.json()[0].result.data).toEqual({ adClientId: null, accountUrl: null, taskViewSeconds: 20 });
  });
});
