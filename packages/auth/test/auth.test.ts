import { type AppCaches, createAppCaches, type DbHandle, insertUser } from '@app/db';
import { createTestDb } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountBannedError,
  countRateLimitHit,
  createOperatorSessions,
  createSessionManager,
  hashToken,
  purgeEndedRateLimits,
  secretsMatch,
  signInPerson,
  UnverifiedEmailInUseError,
} from '../src';

let handle: DbHandle;
let caches: AppCaches;

beforeAll(async () => {
  handle = await createTestDb();
  caches = createAppCaches(await handle.changes());
});
afterAll(async () => {
  await handle.close();
});

describe('member sessions', () => {
  it('stores only the token hash and finds the user by the token', async () => {
    const sessions = createSessionManager(handle.db, { secureCookies: true, caches });
    const user = await insertUser(handle.db, { email: 'session@example.com', firstName: 'Sam' });
    const { token, cookie } = await sessions.createSession(user.id);
    expect(cookie).toMatchObject({
      name: 'session',
      value: token,
      attributes: { httpOnly: true, sameSite: 'lax', secure: true, path: '/' },
    });

    const stored = await handle.db.selectFrom('sessions').select('id').where('userId', '=', user.id).execute();
    expect(stored).toEqual([{ id: hashToken(token) }]);

    const signedIn = await sessions.validateSession(token);
    expect(signedIn?.user).toMatchObject({ id: user.id, firstName: 'Sam' });
    expect(await sessions.validateSession(hashToken(token))).toBeNull();

    await sessions.invalidateSession(token);
    expect(await sessions.validateSession(token)).toBeNull();
  });

  it('extends a session used in its second half', async () => {
    const sessions = createSessionManager(handle.db, { secureCookies: false, caches });
    const user = await insertUser(handle.db, { email: 'sliding@example.com' });
    const { token } = await sessions.createSession(user.id);
    const soon = new Date(Date.now() + 5 * 24 * 60 * 60 * 1000);
    await handle.db.updateTable('sessions').set({ expiresAt: soon }).where('id', '=', hashToken(token)).execute();
    const signedIn = await sessions.validateSession(token);
    expect(signedIn?.refreshed).toBe(true);
    expect(signedIn!.expiresAt.getTime()).toBeGreaterThan(soon.getTime());
  });

  it('refuses an expired session', async () => {
    const sessions = createSessionManager(handle.db, { secureCookies: false, caches });
    const user = await insertUser(handle.db, { email: 'expired@example.com' });
    const { token } = await sessions.createSession(user.id);
    await handle.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', hashToken(token))
      .execute();
    expect(await sessions.validateSession(token)).toBeNull();
  });
});

describe('token hashes', () => {
  it('are the SHA-256 in lower-case hex, so sessions stored before stay valid', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // Of the UTF-8 bytes.
    expect(hashToken('ñ')).toBe('024bb90888ca89a15a19e9bdd8c712bfb070465fce1ef25e43c170ea44fc5e5f');
  });
});

describe('operator sessions', () => {
  it('live 12 hours and end at logout', async () => {
    const operator = createOperatorSessions(handle.db, { secureCookies: false });
    const start = new Date('2026-01-01T00:00:00Z');
    const token = await operator.create('operator', start);
    expect(await operator.validate(token, new Date('2026-01-01T11:59:00Z'))).toEqual({ username: 'operator' });
    expect(await operator.validate(token, new Date('2026-01-01T12:00:01Z'))).toBeNull();
    const second = await operator.create('operator', start);
    await operator.invalidate(second);
    expect(await operator.validate(second, start)).toBeNull();
  });

  it('know a browser by the mark a sign-in gave it, until the password changes', () => {
    const operator = createOperatorSessions(handle.db, { secureCookies: true });
    const credentials = { username: 'operator', password: 'first-password' };
    const mark = operator.knownDeviceCookie(credentials);
    expect(mark.attributes).toMatchObject({ httpOnly: true, secure: true, maxAge: 180 * 24 * 60 * 60 });
    const id = operator.knownDevice(mark.value, credentials);
    expect(id).toBe(mark.value.split('.')[0]);
    // Each sign-in marks the browser anew.
    expect(operator.knownDevice(operator.knownDeviceCookie(credentials).value, credentials)).not.toBe(id);
    expect(operator.knownDevice(mark.value, { ...credentials, password: 'second-password' })).toBeNull();
    expect(operator.knownDevice(mark.value, { ...credentials, username: 'someone' })).toBeNull();
    expect(operator.knownDevice(`other-id.${mark.value.split('.')[1]}`, credentials)).toBeNull();
    expect(operator.knownDevice(undefined, credentials)).toBeNull();
  });
});

describe('signing a person in', () => {
  it('creates the user once and matches the provider identity before the e-mail', async () => {
    const first = await signInPerson(
      handle.db,
      { email: 'Person@Example.com', firstName: 'Per', issuer: 'https://id.example', subject: 'abc' },
      [],
    );
    const again = await signInPerson(handle.db, { email: 'changed@example.com', issuer: 'https://id.example', subject: 'abc' }, []);
    expect(again.id).toBe(first.id);
    expect(first.email).toBe('person@example.com');
    expect(first.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it('joins a provider identity to an existing account by e-mail only when the provider verified it', async () => {
    const existing = await insertUser(handle.db, { email: 'owner@example.com' });
    const unverified = { email: 'owner@example.com', issuer: 'https://id.example', subject: 'intruder' };
    await expect(signInPerson(handle.db, unverified, [])).rejects.toBeInstanceOf(UnverifiedEmailInUseError);
    const verified = await signInPerson(handle.db, { ...unverified, subject: 'owner', emailVerified: true }, []);
    expect(verified.id).toBe(existing.id);
  });

  it('gives an account made from an e-mail no provider vouched for to the address’s verified owner, and shuts the first one out', async () => {
    const sessions = createSessionManager(handle.db, { secureCookies: true, caches });
    const issuer = 'https://id.example';
    // A provider that sends no email_verified for an address it has not checked.
    const squatter = { email: 'victim@example.com', issuer, subject: 'squatter' };
    const owner = { email: 'victim@example.com', issuer, subject: 'victim-owner', emailVerified: true };
    const made = await signInPerson(handle.db, squatter, ['victim@example.com']);
    expect(made.isAdmin).toBe(false);
    const { token } = await sessions.createSession(made.id);
    expect((await sessions.validateSession(token))?.user.id).toBe(made.id);

    const taken = await signInPerson(handle.db, owner, ['victim@example.com']);
    expect(taken.id).toBe(made.id);
    expect(taken.isAdmin).toBe(true);
    // The first one's session ended with the detaching, and it cannot sign in to the account again.
    expect(await sessions.validateSession(token)).toBeNull();
    await expect(signInPerson(handle.db, squatter, [])).rejects.toBeInstanceOf(UnverifiedEmailInUseError);
    const identities = await handle.db
      .selectFrom('identities')
      .select(['subject', 'emailVerified'])
      .where('userId', '=', made.id)
      .execute();
    expect(identities).toEqual([{ subject: 'victim-owner', emailVerified: true }]);
    expect((await signInPerson(handle.db, owner, [])).id).toBe(made.id);
  });

  it('grants admin to ADMIN_EMAILS and refuses banned accounts', async () => {
    const admin = await signInPerson(handle.db, { email: 'chief@example.com' }, ['chief@example.com']);
    expect(admin.isAdmin).toBe(true);
    const banned = await insertUser(handle.db, { email: 'gone@example.com' });
    await handle.db.updateTable('users').set({ accountStatus: 'banned' }).where('id', '=', banned.id).execute();
    await expect(signInPerson(handle.db, { email: 'gone@example.com' }, [])).rejects.toBeInstanceOf(AccountBannedError);
  });
});

describe('rate limits', () => {
  it('counts hits in a window and starts again after it', async () => {
    const windowMs = 60_000;
    const start = new Date('2026-01-01T00:00:00Z');
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push(await countRateLimitHit(handle.db, 'test:window', windowMs, start));
    expect(counts.map((count) => count.hits)).toEqual([1, 2, 3]);
    expect(counts.every((count) => count.resetAt.getTime() === start.getTime() + windowMs)).toBe(true);
    const later = new Date(start.getTime() + windowMs + 1);
    const next = await countRateLimitHit(handle.db, 'test:window', windowMs, later);
    expect(next).toEqual({ hits: 1, resetAt: new Date(later.getTime() + windowMs) });
  });

  it('purges only the windows that have ended', async () => {
    const start = new Date('2026-02-01T00:00:00Z');
    await countRateLimitHit(handle.db, 'test:short', 1_000, start);
    await countRateLimitHit(handle.db, 'test:long', 60_000, start);
    expect(await purgeEndedRateLimits(handle.db, new Date(start.getTime() + 1_000))).toBeGreaterThanOrEqual(1);
    const keys = (await handle.db.selectFrom('rateLimits').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('test:long');
    expect(keys).not.toContain('test:short');
  });

  it('counts concurrent hits exactly', async () => {
    const counts = await Promise.all(Array.from({ length: 12 }, () => countRateLimitHit(handle.db, 'test:burst', 60_000)));
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe('secret comparison', () => {
  it('matches equal secrets only', () => {
    expect(secretsMatch('correct horse', 'correct horse')).toBe(true);
    expect(secretsMatch('correct horse', 'correct horsf')).toBe(false);
    expect(secretsMatch('', 'x')).toBe(false);
  });
});
