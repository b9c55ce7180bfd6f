import { asPage, MEMBER_PAGE_SIZE } from '@app/contracts';
import { useState } from 'react';
import { isKnownSignedOut } from '../components/earning/member-data';
import type { RouterContext } from '../router';

/** The input of page `page` of a member's own list (docs/api-conventions.md#paging). */
const memberPage = (page: number) => ({ page, pageSize: MEMBER_PAGE_SIZE });

/** What a route's loader prefetches: the page a history opens on. */
export const FIRST_PAGE = memberPage(1);

/**
 * The loader of a route that opens on one of the member's histories: its first page joins the signed-in
 * user's request instead of waiting for it, unless the visitor is known to be signed out.
 */
export function prefetchFirstPage(list: (trpc: RouterContext['trpc']) => { prefetch: (input: typeof FIRST_PAGE) => Promise<void> }) {
  return ({ context }: { context: RouterContext }) => {
    if (!isKnownSignedOut(context)) void list(context.trpc).prefetch(FIRST_PAGE);
  };
}

/**
 * A list query as a history table reads it: the rows of the page shown, the whole list's length, and
 * the query's state. While the next page loads the page shown stays (the skeletons are for a first load).
 */
export interface ListQuery<T> {
  rows: readonly T[] | undefined;
  total: number | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface QueryOfList<T> {
  data: readonly T[] | { items: T[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function listQuery<T>(query: QueryOfList<T>): ListQuery<T> {
  const shown = query.data === undefined ? undefined : asPage(query.data);
  return {
    rows: shown?.items,
    total: shown?.total,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}

/**
 * The page a history shows, from 1, and the query options that keep it on screen while the next one
 * loads (the Pager brings the list's top into view as the page turns).
 */
export function useMemberPage() {
  const [page, setPage] = useState(1);
  return { page, setPage, input: memberPage(page), options: { placeholderData: <T>(previous: T | undefined) => previous } };
}
