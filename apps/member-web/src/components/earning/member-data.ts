import { currentUserQuery } from '@app/client';
import type { RouterContext } from '../../router';

/**
 * True when the visitor is already known to be signed out. Route loaders of members-only data skip
 * their prefetch then, since those calls would only be answered 401. On a first page load nobody is
 * known yet, so the page's queries go out with `auth.user` in one batched request (see router.tsx).
 */
export function isKnownSignedOut({ trpc, queryClient }: RouterContext): boolean {
  return queryClient.getQueryData(currentUserQuery(trpc).queryKey) === null;
}
