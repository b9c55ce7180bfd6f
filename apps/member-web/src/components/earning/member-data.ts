import { currentUserQuery } from '@app/client';
import { FIRST_PAGE } from '../../lib/member-list';
import type { RouterContext } from '../../router';

/**
 * True when the visitor is already known to be signed out. Route loaders of members-only data skip
 * their prefetch then, since those calls would only be answered 401. On a first page load nobody is
 * known yet, so the page's queries go out with `auth.user` in one batched request (see router.tsx).
 */
export function isKnownSignedOut({ trpc, queryClient }: RouterContext): boolean {
  return queryClient.getQueryData(currentUserQuery(trpc).queryKey) === null;
}

/**
 * The loader of a route that opens on one of the member's histories: its first page joins the signed-in
 * user's request instead of waiting for it, unless the visitor is known to be signed out.
 */
export function prefetchFirstPage(list: (trpc: RouterContext['trpc']) => { prefetch: (input: typeof FIRST_PAGE) => Promise<void> }) {
  return ({ context }: { context: RouterContext }) => {
    if (!isKnownSignedOut(context)) void list(context.trpc).prefetch(FIRST_PAGE);
  };
}
