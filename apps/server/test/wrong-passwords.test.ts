import { messages, WRONG_PASSWORD_LIMITS } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createAdmin, freshClientAddress, OPERATOR, postUnlock, signIn, startTestApp, testAppOfFile } from './helpers';

/**
 * Lockouts that only wrong passwords feed: the admin panel password per admin, the operator's sign-in per
 * username tried (so spreading guesses over many addresses does not help), or per browser the operator has
 * signed in from (so guessers cannot lock the operator out of it). Correct passwords never count.
 */

const t = testAppOfFile();

function expectLockedOut(response: LightMyRequestResponse, windowMs: number) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(response.json()).toEqual({
    message: messages.auth.tooManyWrongPasswords(`${Math.ceil(windowMs / 60_000)} minutes`),
    code: 'TOO_MANY_REQUESTS',
  });
}

describe('the admin panel password', () => {
  const { max, windowMs } = WRONG_PASSWORD_LIMITS.adminUnlock;
  const unlock = (cookie: string, password: string) => postUnlock(t, cookie, password);

  async function newAdmin(email: string) {
    await createAdmin(t, email);
    return signIn(t.app, email);
  }

  it('never locks out an admin who types it right, however often', async () => {
    const cookie = await newAdmin('often-right@example.com');
    for (let attempt = 0; attempt < 2 * max; attempt++) expect((await unlock(cookie, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it(`locks out after ${max} wrong passwords with how long to wait, and then refuses the right one too`, async () => {
    const cookie = await newAdmin('guesser@example.com');
    const statuses: number[] = [];
    for (let attempt = 1; attempt < max; attempt++) statuses.push((await unlock(cookie, `guess-${attempt}`)).statusCode);
    expect(statuses).toEqual(Array(max - 1).fill(401));
    expectLockedOut(await unlock(cookie, 'the last guess'), windowMs);
    expectLockedOut(await unlock(cookie, ADMIN_PASSWORD), windowMs);

    // Through tRPC the same text and wait, in tRPC's envelope.
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.unlock',
      headers: { cookie },
      payload: { password: ADMIN_PASSWORD },
    });
    expect(trpc.statusCode).toBe(429);
    expect(Number(trpc.headers['retry-after'])).toBeGreaterThan(0);
    expect(trpc.json().error.message).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes?\.$/);

    // Another admin is not affected.
    expect((await unlock(await newAdmin('bystander@example.com'), ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong passwords between right ones: a right one takes only its own attempt back', async () => {
    const cookie = await newAdmin('mixed@example.com');
    for (let attempt = 1; attempt < max; attempt++) {
      expect((await unlock(cookie, `guess-${attempt}`)).statusCode).toBe(401);
      expect((await unlock(cookie, ADMIN_PASSWORD)).statusCode).toBe(200);
    }
    expectLockedOut(await unlock(cookie, 'one too many'), windowMs);
  });

  it('lets a locked-out admin in again when the window has passed', async () => {
    const cookie = await newAdmin('patient@example.com');
    for (let attempt = 1; attempt <= max; attempt++) await unlock(cookie, `guess-${attempt}`);
    expect((await unlock(cookie, ADMIN_PASSWORD)).statusCode).toBe(429);
    // The windows are kept by the store's own clock: end this admin's window as time would.
    await t.database.db
      .updateTable('rateLimits')
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where('key', 'like', 'wrongPassword:adminUnlock:%')
      .execute();
    expect((await unlock(cookie, ADMIN_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the operator’s sign-in', () => {
  const { max, windowMs } = WRONG_PASSWORD_LIMITS.commissionLogin;
  /** A sign-in from an address of its own, on this file's instance unless another is given. */
  const login = (username: string, password: string, instance = t) =>
    instance.app.inject({
      method: 'POST',
      url: '/api/admin/percentage/login',
      remoteAddress: freshClientAddress(),
      payload: { username, password },
    });

  it('locks the username out after wrong passwords sent from as many addresses as the guesser likes', async () => {
    // Each guess from an address of its own: the per-address limit never sees more than one.
    for (let attempt = 1; attempt < max; attempt++) expect((await login(OPERATOR.username, `guess-${attempt}`)).statusCode).toBe(401);
    // The same username however it is written.
    expectLockedOut(await login(` ${OPERATOR.username.toUpperCase()} `, 'the last guess'), windowMs);
    expectLockedOut(await login(OPERATOR.username, OPERATOR.password), windowMs);
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/commission.login',
      remoteAddress: freshClientAddress(),
      payload: OPERATOR,
    });
    expect(trpc.statusCode).toBe(429);
  });

  describe('from a browser the operator signed in from', () => {
    const knownDevice = async () => {
      await t.database.db.deleteFrom('rateLimits').where('key', 'like', 'wrongPassword:%').execute();
      const signedIn = await login(OPERATOR.username, OPERATOR.password);
      expect(signedIn.statusCode).toBe(200);
      const mark = signedIn.cookies.find((cookie) => cookie.name === 'commission_device');
      expect(mark).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
      return `commission_device=${mark?.value}`;
    };
    const loginFrom = (cookie: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/percentage/login',
        remoteAddress: freshClientAddress(),
        headers: { cookie },
        payload: { username: OPERATOR.username, password },
      });
    const lockUsername = async () => {
      for (let attempt = 1; attempt < max; attempt++) expect((await login(OPERATOR.username, `guess-${attempt}`)).statusCode).toBe(401);
      expectLockedOut(await login(OPERATOR.username, 'the last guess'), windowMs);
    };

    it('lets the operator in while guesses from elsewhere have locked the username out', async () => {
      const cookie = await knownDevice();
      await lockUsername();
      expect((await loginFrom(cookie, OPERATOR.password)).statusCode).toBe(200);
      // Everyone else, the right password included, is still held off.
      expectLockedOut(await login(OPERATOR.username, OPERATOR.password), windowMs);
    });

    it('counts its own wrong passwords, and locks it out after as many', async () => {
      const cookie = await knownDevice();
      for (let attempt = 1; attempt < max; attempt++) expect((await loginFrom(cookie, `typo-${attempt}`)).statusCode).toBe(401);
      expectLockedOut(await loginFrom(cookie, 'one typo more'), windowMs);
      expectLockedOut(await loginFrom(cookie, OPERATOR.password), windowMs);
      // Its typos were not the username's: a browser without the mark still signs in.
      expect((await login(OPERATOR.username, OPERATOR.password)).statusCode).toBe(200);
    });

    it('is not one when its mark was not sealed by this password', async () => {
      const cookie = await knownDevice();
      const [id] = cookie.slice('commission_device='.length).split('.');
      await lockUsername();
      for (const forged of [`commission_device=${id}.${'A'.repeat(43)}`, `commission_device=${id}`, 'commission_device=']) {
        expectLockedOut(await loginFrom(forged, OPERATOR.password), windowMs);
      }
    });
  });

  it('never counts a correct sign-in', async () => {
    const second = await startTestApp({}, t);
    try {
      await second.database.db.deleteFrom('rateLimits').where('key', 'like', 'wrongPassword:%').execute();
      for (let attempt = 0; attempt < 2 * max; attempt++) {
        const response = await login(OPERATOR.username, OPERATOR.password, attempt % 2 === 0 ? t : second);
        expect(response.statusCode).toBe(200);
      }
    } finally {
      await second.close();
    }
  });
});
