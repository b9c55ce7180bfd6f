import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshClientAddress, signIn, startTestApp, type TestApp } from './helpers';

/*
 * The server's texts in the member's language (docs/architecture.md#two-languages): an error keeps its
 * code and says it in the member's stored language, or a signed-out visitor's cookie or Accept-Language.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

describe('the language of the server’s texts', () => {
  it('is stored on the member when they choose it, and their errors follow it with the same code', async () => {
    const cookie = await signIn(t.app, 'wika@example.com');
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json()).toMatchObject({ language: 'en' });

    const emptyMessage = () => post('/api/support/messages', { cookie }, { message: '   ' });
    expect((await emptyMessage()).json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Message cannot be empty' });

    const chosen = await post('/api/profile/language', { cookie }, { language: 'fil' });
    expect(chosen.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json()).toMatchObject({ language: 'fil' });
    const refused = await emptyMessage();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Hindi puwedeng walang laman ang mensahe' });

    // tRPC answers the same way: the code stays, the text is the member's language.
    const trpc = await post('/trpc/support.send', { cookie, 'content-type': 'application/json' }, { message: '' });
    expect(trpc.json()).toMatchObject({ error: { message: 'Hindi puwedeng walang laman ang mensahe', data: { code: 'BAD_REQUEST' } } });
  });

  it('is, at a first sign-in, the language the visitor was reading the site in, and a later sign-in keeps the choice', async () => {
    const signInReading = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dev/login',
        remoteAddress: freshClientAddress(),
        headers: { cookie: `lang=${language}` },
        payload: { email: 'unang-bisita@example.com' },
      });
    expect((await signInReading('fil')).statusCode).toBe(200);
    const stored = () =>
      t.database.db.selectFrom('users').select('language').where('email', '=', 'unang-bisita@example.com').executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ language: 'fil' });
    expect((await signInReading('en')).statusCode).toBe(200);
    expect(await stored()).toEqual({ language: 'fil' });
  });

  it('refuses a language the site does not have, in words', async () => {
    const cookie = await signIn(t.app, 'wika2@example.com');
    const refused = await post('/api/profile/language', { cookie }, { language: 'de' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('follows a signed-out visitor’s cookie, else their Accept-Language', async () => {
    const byCookie = await t.app.inject({ url: '/api/auth/user', headers: { cookie: 'lang=fil', 'accept-language': 'en' } });
    expect(byCookie.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Mag-sign in muna para makapagpatuloy.' });
    const byBrowser = await t.app.inject({ url: '/api/auth/user', headers: { 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.5' } });
    expect(byBrowser.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Mag-sign in muna para makapagpatuloy.' });
    const english = await t.app.inject({ url: '/api/auth/user', headers: { 'accept-language': 'en-US' } });
    expect(english.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  });
});
