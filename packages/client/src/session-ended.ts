import { MutationCache, QueryCache, type QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useSyncExternalStore } from 'react';
import { isServerAnswer, isUnauthorizedError, refusalDetail } from './server-answer';
import { trpc } from './trpc-hooks';

/**
 * Whose session ended while a page was open: the member's (or admin's) site session, or the commission
 * operator's. A page then says so and offers to sign in again, instead of failing call by call.
 */
export type EndedSession = 'site' | 'operator' | null;

/**
 * A plain request (an upload, a file download: not tRPC) answered 401: the session it was sent with has
 * ended. Thrown from a react-query call, it reaches the watch below like a tRPC UNAUTHORIZED answer.
 */
export class SessionEndedError extends Error {
  constructor(readonly session: Exclude<EndedSession, null>) {
    super('Your session has ended');
  }
}

/** The probes that ask who is signed in: their UNAUTHORIZED means "nobody", not "your session ended". */
const SESSION_PROBES = new Set(['auth.user', 'commission.auth']);
/** Calls whose UNAUTHORIZED is a wrong password, said by their own form. */
const PASSWORD_CHECKS = new Set(['admin.unlock', 'commission.login']);

export interface SessionWatch {
  /** The query client's caches, which report every failed call to the watch. */
  caches: { queryCache: QueryCache; mutationCache: MutationCache };
  /** Which session ended, re-rendering when that changes; `clear` puts the notice aside. */
  useEnded: () => { ended: EndedSession; clear: () => void };
  /** Says a session ended, from a call whose refusal the caches do not see (a probe answered null). */
  report: (session: Exclude<EndedSession, null>) => void;
}

/** Each query client's watch, for the calls that hold only the client (a query function's context). */
const watches = new WeakMap<QueryClient, SessionWatch>();

export function attachSessionWatch(client: QueryClient, watch: SessionWatch): void {
  watches.set(client, watch);
}

/**
 * For a probe that read "nobody is signed in": if the server said the request's session had ended (its
 * cookie no longer opened one: signed out elsewhere, ended by a ban), the page says so, as it does when
 * a session ends under an open page. A reload after the session ended thus meets the same notice.
 */
export function reportIfSessionEnded(client: QueryClient, error: unknown, session: Exclude<EndedSession, null>): void {
  if (refusalDetail(error, 'session') === 'ended') watches.get(client)?.report(session);
}

/**
 * Watches every query and mutation of one query client: an UNAUTHORIZED answer to anything but the
 * probes and password checks, while the cache still holds a signed-in user (or operator), means that
 * session ended under the page.
 */
export function watchForEndedSessions(getClient: () => QueryClient): SessionWatch {
  let ended: EndedSession = null;
  const listeners = new Set<() => void>();
  const setEnded = (next: EndedSession) => {
    if (next === ended) return;
    ended = next;
    for (const listener of listeners) listener();
  };

  const onError = (error: unknown) => {
    if (error instanceof SessionEndedError) return setEnded(error.session);
    if (!isServerAnswer(error) || !isUnauthorizedError(error)) return;
    const path = error.data?.path ?? '';
    if (SESSION_PROBES.has(path) || PASSWORD_CHECKS.has(path)) return;
    const client = getClient();
    const operator = client.getQueryData<{ authenticated?: boolean } | null>(getQueryKey(trpc.commission.auth, undefined, 'query'));
    if (path.startsWith('commission.') && operator?.authenticated) return setEnded('operator');
    if (client.getQueryData(getQueryKey(trpc.auth.user, undefined, 'query'))) setEnded('site');
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    caches: { queryCache: new QueryCache({ onError }), mutationCache: new MutationCache({ onError }) },
    // Rendered at build time too (the member site's prerendered landing page), when no session has ended.
    useEnded: () => ({
      ended: useSyncExternalStore(
        subscribe,
        () => ended,
        () => null,
      ),
      clear: () => setEnded(null),
    }),
    report: setEnded,
  };
}
