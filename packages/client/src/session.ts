import type { User } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { isOfflineFailure, nullWhenUnauthorized } from './server-answer';
import { reportIfSessionEnded } from './session-ended';
import { type TrpcUtils, trpc } from './trpc-hooks';

/*
 * "Who is signed in" queries. The server answers UNAUTHORIZED when nobody is; these hooks turn that
 * answer into null rather than an error, and any other failure (server unreachable) reads as signed
 * out too. Each query uses tRPC's own key for its procedure, so `utils.<procedure>.invalidate()`
 * reloads it after a sign-in, unlock or sign-out.
 */

/**
 * The query behind `useCurrentUser`, for route loaders: started there, the user travels in the same
 * batched request as the page's own data instead of one round trip ahead of it.
 */
export function currentUserQuery(utils: TrpcUtils) {
  return queryOptions({
    queryKey: getQueryKey(trpc.auth.user, undefined, 'query'),
    queryFn: ({ client }) => nullWhenUnauthorized(utils.client.auth.user.query(), (error) => reportIfSessionEnded(client, error, 'site')),
  });
}

/**
 * The signed-in user (docs/screens.md#states: detected by `auth.user` answering, without retry), and
 * whether that call failed for want of a connection (the member app then shows its offline screen).
 */
export function useCurrentUser(): { user: User | null; isLoading: boolean; isOffline: boolean } {
  const query = useQuery(currentUserQuery(trpc.useUtils()));
  return { user: query.data ?? null, isLoading: query.isPending, isOffline: query.isError && isOfflineFailure(query.error) };
}

/** The commission operator's own session (docs/screens.md#states: checking, then in or out). */
export function useOperatorSession(): { operator: { username?: string } | null; isChecking: boolean } {
  const utils = trpc.useUtils();
  const query = useQuery({
    queryKey: getQueryKey(trpc.commission.auth, undefined, 'query'),
    queryFn: () => nullWhenUnauthorized(utils.client.commission.auth.query()),
  });
  const operator = query.data?.authenticated ? { username: query.data.username } : null;
  return { operator, isChecking: query.isPending };
}
