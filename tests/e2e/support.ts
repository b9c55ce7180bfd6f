import {
  type APIRequestContext,
  type BrowserContext,
  contextSender,
  ok,
  type Page,
  signInThroughDevLogin,
  signInUnlockedAdmin,
} from '@app/testkit/browser';
import { inject } from 'vitest';
import { E2E } from './credentials';

/** The suite's server (server.global-setup.ts). */
export const baseUrl = inject('baseUrl');

/** This run's id: the server keeps its data for the whole run, so each file's people carry it. */
export const run = Date.now().toString(36);

/** The e-mail of one of a file's people: `prefix` names the file, `name` the person. */
export const emailOfRun = (prefix: string) => (name: string) => `${prefix}-${name}-${run}@example.com`;

/** Signs the demo admin in on `context` with the panel unlocked; its calls share the context's cookies. */
export async function unlockedAdminOn(context: BrowserContext): Promise<APIRequestContext> {
  await signInUnlockedAdmin(contextSender(context.request), E2E.adminEmail, E2E.adminPanelPassword);
  return context.request;
}

/** The payee members pay for VIP to (the VIP dialog shows it), as every file leaves it. */
export const setGcashPayee = (adminApi: APIRequestContext) =>
  ok(adminApi.put('/api/admin/system-settings', { data: { gcashNumber: '0917 123 4567', gcashName: 'PesoTasks Inc.' } }));

/** A new member signed in on `request` through the development sign-in, as its form does; their id. */
export async function signUpMember(
  request: APIRequestContext,
  email: string,
  names: { firstName?: string; lastName?: string },
): Promise<string> {
  await signInThroughDevLogin(contextSender(request), email, names);
  return (await ok<{ id: string }>(request.get('/api/auth/user'))).id;
}

/** Sets a member's available balance from none, through the admin's balance editor. */
export const giveNewMemberBalance = (adminApi: APIRequestContext, memberId: string, newBalance: string, reason = 'Test funds') =>
  ok(adminApi.put(`/api/admin/users/${memberId}/balance`, { data: { newBalance, expectedBalance: '0', reason } }));

/** A page of `context` in the session `api` holds (an unlocked admin's): its cookies, copied over. */
export async function pageInSession(context: BrowserContext, api: APIRequestContext): Promise<Page> {
  await context.addCookies((await api.storageState()).cookies);
  return context.newPage();
}
