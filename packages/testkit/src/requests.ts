import type { APIRequestContext, APIResponse } from 'playwright-core';
import { nextCookieHeader } from './cookies';

/*
 * The development sign-in and the admin unlock, written once over a "send a request" function, so every
 * suite reaches the server its own way and signs in the same way: the server tests through Fastify's
 * inject, the system tests through fetch, the benchmark through node:http and the browser tests through a
 * browser context (whose cookies the context keeps). No test framework here: the benchmark uses it too.
 */

/** One JSON request as the sign-in helpers make it; `cookie` is the Cookie header to send, if any. */
interface SentRequest {
  method: string;
  path: string;
  json?: unknown;
  cookie?: string;
}

/** What the helpers read of the answer: its status, its body as text and its Set-Cookie headers. */
interface Answer {
  status: number;
  body: string;
  setCookies: readonly string[];
}

/** Sends one request to the server under test and gives its answer. */
export type Send = (request: SentRequest) => Promise<Answer>;

/** `send`'s answer to `request`, which must be 200: otherwise this throws with the server's message. */
async function expectOk(send: Send, request: SentRequest): Promise<Answer> {
  const answer = await send(request);
  if (answer.status !== 200) throw new Error(`${request.method} ${request.path} answered ${answer.status}: ${answer.body}`);
  return answer;
}

export interface SignInOptions {
  firstName?: string;
  lastName?: string;
  /** Where the form posts: ours unless told (the benchmark's peer stack has its own). */
  path?: string;
}

/** Signs `email` in through the development sign-in and returns the session's Cookie header. */
export async function signInThroughDevLogin(send: Send, email: string, options: SignInOptions = {}): Promise<string> {
  const { path = '/api/dev/login', ...names } = options;
  const answer = await expectOk(send, { method: 'POST', path, json: { email, ...names } });
  return nextCookieHeader(answer.setCookies);
}

/** Unlocks the admin panel of the session whose Cookie header is `cookie` (none: the sender keeps its cookies). */
export async function unlockAdminPanel(send: Send, panelPassword: string, cookie?: string): Promise<void> {
  await expectOk(send, { method: 'POST', path: '/api/admin/unlock', json: { password: panelPassword }, cookie });
}

/** Signs `email` in, unlocks the admin panel with `panelPassword` and returns the session's Cookie header. */
export async function signInUnlockedAdmin(send: Send, email: string, panelPassword: string): Promise<string> {
  const cookie = await signInThroughDevLogin(send, email);
  await unlockAdminPanel(send, panelPassword, cookie);
  return cookie;
}

/** Requests through fetch to the server at `baseUrl`. */
export function fetchSender(baseUrl: string): Send {
  return async ({ method, path, json, cookie }) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    return { status: response.status, body: await response.text(), setCookies: response.headers.getSetCookie() };
  };
}

/** Requests through a browser context's request API, on that context's cookies (`baseUrl` unless the context has its own base URL). */
export function contextSender(request: APIRequestContext, baseUrl = ''): Send {
  return async ({ method, path, json, cookie }) => {
    const response = await request.fetch(`${baseUrl}${path}`, { method, data: json, headers: cookie ? { cookie } : {} });
    const setCookies = response
      .headersArray()
      .filter(({ name }) => name.toLowerCase() === 'set-cookie')
      .map(({ value }) => value);
    return { status: response.status(), body: await response.text(), setCookies };
  };
}

/** A call's JSON answer; a refused call throws with the server's message. */
export async function ok<T = Record<string, unknown>>(pending: Promise<APIResponse>): Promise<T> {
  const response = await pending;
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}
