import { ADMIN_PAGE_SIZE, listOrPageInput, MEMBER_PAGE_SIZE, page, UNPAGED_LIST_LIMIT } from '@app/contracts';
import type { Database, Db, UserRow } from '@app/db';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { acceptingPrepared } from './prepared';
import type { RequestScope } from './request-scope';

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

/** What a caller of a list that pages on request may ask for: a page, its size, either, or neither. */
interface PageRequest {
  page?: number | undefined;
  pageSize?: number | undefined;
}

/**
 * The rows a list that pages on request reads (docs/api-conventions.md#paging): with `page` or `pageSize`
 * that page (of `sizes.pageSize` when only `page` is given), else the first `sizes.unpaged`.
 */
export function listWindow(input: PageRequest, sizes: { pageSize: number; unpaged: number }) {
  const paged = input.page !== undefined || input.pageSize !== undefined;
  const limit = paged ? (input.pageSize ?? sizes.pageSize) : sizes.unpaged;
  return { paged, limit, offset: ((input.page ?? 1) - 1) * limit };
}

/** How a list that pages on request is read: a window of it and its whole length (with any other counts its page carries). */
export interface PagedList<T, C extends { total: number }> {
  read: (window: { limit: number; offset: number }) => Promise<T[]>;
  count: () => C | Promise<C>;
}

/** The tables admins curate row by row and see whole: the tasks and the popups. */
type CuratedTable = 'tasks' | 'popups';

/** A curated table as a list that pages on request: every row, newest first, as `toItem` shows it. */
export function newestFirst<T extends CuratedTable, I>(
  db: Db,
  table: T,
  toItem: (row: Selectable<Database[T]>) => I,
): PagedList<I, { total: number }> {
  const from = () => db.selectFrom(table as CuratedTable);
  return {
    read: async ({ limit, offset }) => {
      const rows = await from().selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
      return rows.map((row) => toItem(row as Selectable<Database[T]>));
    },
    count: async () => {
      const { total } = await from()
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      return { total: Number(total) };
    },
  };
}

/** A member's own lists page by 20. */
const MEMBER_LIST_SIZES = { pageSize: MEMBER_PAGE_SIZE, unpaged: UNPAGED_LIST_LIMIT };

/** The admins' lists that page on request (notifications, tasks, popups) page by 50. */
export const ADMIN_LIST_SIZES = { pageSize: ADMIN_PAGE_SIZE, unpaged: UNPAGED_LIST_LIMIT };

/**
 * A list that pages on request as the caller asked for it (docs/api-conventions.md#paging): one page as
 * {items, total}, else the documented array of the latest `sizes.unpaged` items with the whole list's
 * length in X-Total-Count. A member's own lists (transactions, payouts, referrals) by default; the
 * admins' notifications, tasks and popups with ADMIN_LIST_SIZES.
 */
export async function answerListOrPage<T, C extends { total: number }>(
  ctx: { req: Pick<RequestScope, 'setHeader'> },
  input: PageRequest,
  list: PagedList<T, C>,
  sizes: { pageSize: number; unpaged: number } = MEMBER_LIST_SIZES,
): Promise<T[] | ({ items: T[] } & C)> {
  const { paged, limit, offset } = listWindow(input, sizes);
  const [items, counts] = await Promise.all([list.read({ limit, offset }), list.count()]);
  if (paged) return { items, ...counts };
  ctx.req.setHeader('x-total-count', String(counts.total));
  return items;
}

/** What a signed-in caller's list that pages on request is read with: the database, the caller, and the answer's headers. */
interface SignedInListContext {
  db: Db;
  user: Pick<UserRow, 'id'>;
  req: Pick<RequestScope, 'setHeader'>;
}

/**
 * A procedure answering a list that pages on request (answerListOrPage, by `sizes`), but for its tier and
 * REST entry: the list-or-page input, `answer`'s output (listOrPage), and the list `listOf` reads for the caller.
 */
export function answeringListOrPage<O extends z.ZodType, T, C extends { total: number }>(
  answer: { output: O },
  listOf: (ctx: SignedInListContext) => PagedList<T, C>,
  sizes?: { pageSize: number; unpaged: number },
) {
  return {
    input: listOrPageInput,
    output: answer.output,
    run: (ctx: SignedInListContext, input: z.output<typeof listOrPageInput>) => answerListOrPage(ctx, input, listOf(ctx), sizes),
  };
}
