import { messages } from './messages';
import { z } from './zod';

// Apart from paging.ts so that a first screen that reads a page does not bring zod along.

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

/** A list with nothing to ask but its page (a member's payouts and referrals, the admins' tasks and popups): the documented array, or one page. */
export const listOrPageInput = z.object(optionalPaging).prefault({});

/** One page of a list and how many items the whole list has. */
export const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
