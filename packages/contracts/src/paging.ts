import { messages } from './messages';
import { z } from './zod';

/** The page size of the admins' lists. */
export const ADMIN_PAGE_SIZE = 50;
/** The page size of a member's own lists (transactions, payouts, referrals): a phone screen or two. */
export const MEMBER_PAGE_SIZE = 20;
/** The most items a member's list answers in its documented array (no page asked for): the latest ones. */
export const MEMBER_LIST_UNPAGED_LIMIT = 1000;
const PAGE_SIZE_MAX = 200;
/** Far beyond any real list; keeps the offset an exact integer. */
const PAGE_MAX = 1_000_000;

const m = messages.common;

/**
 * Paging of the lists that grow (docs/api-conventions.md#paging): 1-based `page`, `pageSize` up to 200.
 * Query strings carry text, so both are coerced.
 */
export const pageNumber = z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).max(PAGE_MAX, m.pageInvalid);
export const pageSizeNumber = z.coerce
  .number({ error: m.pageSizeInvalid })
  .int(m.pageSizeInvalid)
  .min(1, m.pageSizeInvalid)
  .max(PAGE_SIZE_MAX, m.pageSizeInvalid);

/**
 * A list with a documented array answer that also pages: without `page` or `pageSize` the array, with
 * either one page as `{items, total}` (a member's transactions, payouts and referrals; the admins' queues).
 */
export const optionalPaging = { page: pageNumber.optional(), pageSize: pageSizeNumber.optional() };

/** A member's own list (payouts, referrals): the documented array, or one page. */
export const memberListInput = z.object(optionalPaging).prefault({});
export type MemberListInput = z.output<typeof memberListInput>;

/** One page of a list and how many items the whole list has. */
export const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/**
 * A list's answer as one page, whichever shape it came in: the apps always ask for a page, but the
 * procedure's type also allows the unpaged array of the REST contract.
 */
export function asPage<T>(answer: readonly T[] | { items: T[]; total: number }): { items: readonly T[]; total: number } {
  return Array.isArray(answer) ? { items: answer, total: answer.length } : (answer as { items: T[]; total: number });
}
