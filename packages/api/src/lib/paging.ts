import { MEMBER_LIST_UNPAGED_LIMIT, MEMBER_PAGE_SIZE, type MemberListInput, page } from '@app/contracts';
import { z } from 'zod';
import type { Context } from '../context';
import { acceptingPrepared } from './prepared';

/**
 * The answers of a list that pages on request (an admin queue, a member's own history): one page
 * ({items, total}, or `paged` where a page carries more counts) or the documented array, and the
 * procedure's output schema.
 */
export function listOrPage<
  S extends z.ZodType<object>,
  P extends z.ZodType<{ items: unknown[]; total: number }> = ReturnType<typeof page<S>>,
>(item: S, paged: P = page(item) as unknown as P) {
  const list = z.array(item);
  return { paged, list, output: acceptingPrepared(z.union([paged, list])) };
}

/**
 * The rows a list that pages on request reads (docs/api-conventions.md#paging): with `page` or `pageSize`
 * that page (of `sizes.pageSize` when only `page` is given), else the first `sizes.unpaged`.
 */
export function listWindow(input: MemberListInput, sizes: { pageSize: number; unpaged: number }) {
  const paged = input.page !== undefined || input.pageSize !== undefined;
  const limit = paged ? (input.pageSize ?? sizes.pageSize) : sizes.unpaged;
  return { paged, limit, offset: ((input.page ?? 1) - 1) * limit };
}

/** How a member's list is read: a window of it, newest first, and its whole length (with any other counts its page carries). */
export interface MemberList<T, C extends { total: number }> {
  read: (window: { limit: number; offset: number }) => Promise<T[]>;
  count: () => C | Promise<C>;
}

/**
 * A member's own list (transactions, payouts, referrals) as the caller asked for it
 * (docs/api-conventions.md#paging): one page as {items, total}, else the documented array of the latest
 * MEMBER_LIST_UNPAGED_LIMIT items with the whole list's length in X-Total-Count.
 */
export async function answerMemberList<T, C extends { total: number }>(
  ctx: Pick<Context, 'req'>,
  input: MemberListInput,
  list: MemberList<T, C>,
): Promise<T[] | ({ items: T[] } & C)> {
  const { paged, limit, offset } = listWindow(input, { pageSize: MEMBER_PAGE_SIZE, unpaged: MEMBER_LIST_UNPAGED_LIMIT });
  const [items, counts] = await Promise.all([list.read({ limit, offset }), list.count()]);
  if (paged) return { items, ...counts };
  ctx.req.setHeader('x-total-count', String(counts.total));
  return items;
}
