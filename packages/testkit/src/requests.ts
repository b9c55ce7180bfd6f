import type { APIRequestContext, APIResponse } from 'playwright-core';

/*
 * Calls through a browser context's request API, on that context's cookies. No test framework here: the
 * benchmark's page-load measures use them too.
 */

/** A call's JSON answer; a refused call throws with the server's message. */
export async function ok<T = Record<string, unknown>>(pending: Promise<APIResponse>): Promise<T> {
  const response = await pending;
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs `email` in through the development sign-in (`baseUrl` unless the context has its own base URL). */
export async function signInThroughDevLogin(request: APIRequestContext, email: string, baseUrl = ''): Promise<void> {
  await ok(request.post(`${baseUrl}/api/dev/login`, { data: { email } }));
}

/** Signs `email` in and unlocks the admin panel with `panelPassword`. */
export async function signInUnlockedAdmin(request: APIRequestContext, email: string, panelPassword: string, baseUrl = ''): Promise<void> {
  await signInThroughDevLogin(request, email, baseUrl);
  await ok(request.post(`${baseUrl}/api/admin/unlock`, { data: { password: panelPassword } }));
}
