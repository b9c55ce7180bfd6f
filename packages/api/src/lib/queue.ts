import { ADMIN_PAGE_SIZE, type AdminQueueInput, QUEUE_UNPAGED_LIMIT } from '@app/contracts';
import type { Db } from '@app/db';
import { sql } from 'kysely';
import type { Context } from '../context';
import { shareWhileRunning } from './shared-read';

/** What a queue's reader reads with: the database, and this instance's caches for the queue's length. */
export type QueueReader = Pick<Context, 'db' | 'caches'>;

/** What a queue's reader needs: which page, how long, and the search. */
export interface QueueWindow {
  limit: number;
  offset: number;
  search: string | undefined;
}

/**
 * Answers a queue the way its caller asked (docs/api-conventions.md#paging): one page as {items, total}
 * when a page or page size was given, else the documented array of the first QUEUE_UNPAGED_LIMIT items
 * with the whole queue's length in X-Total-Count.
 */
export async function answerQueue<T>(
  ctx: Pick<Context, 'req'>,
  input: AdminQueueInput,
  read: (window: QueueWindow) => Promise<{ items: T[]; total: number }>,
): Promise<{ items: T[]; total: number } | T[]> {
  const paged = input.page !== undefined || input.pageSize !== undefined;
  const limit = paged ? (input.pageSize ?? ADMIN_PAGE_SIZE) : QUEUE_UNPAGED_LIMIT;
  const result = await read({ limit, offset: ((input.page ?? 1) - 1) * limit, search: input.search || undefined });
  if (paged) return result;
  ctx.req.setHeader('x-total-count', String(result.total));
  return result.items;
}

/** A LIKE pattern for text containing the search, lower case, with the wildcards typed by the admin taken literally. */
export function containing(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A search of a member's e-mail or name (the member is the query's `u`). The member's `search_text`
 * holds both lower-cased (migration 0005), so whatever matches also matches it, and its trigram index
 * finds those few members first instead of every member being read: 625 of 10,000 for "maria".
 */
export function memberMatches(search: string) {
  const pattern = containing(search);
  return sql<boolean>`(u.search_text LIKE ${pattern} AND (lower(u.email) LIKE ${pattern} OR lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) LIKE ${pattern}))`;
}

/**
 * The length of a queue or paged admin list (for a search, a filter: whatever `queue` and `search` name):
 * an exact count over 10^4 waiting rows, or over every user or ledger row, costs more than the page
 * itself, so the admins asking while it runs share it (shareWhileRunning).
 */
export async function queueLength(db: Db, queue: string, search: string | undefined, count: () => Promise<{ total: number | string }>) {
  const { total } = await shareWhileRunning(db, `${queue}\u0000${search ?? ''}`, count);
  return Number(total);
}

/**
 * The length of one of the four admin queues (pending payouts, VIP requests, support conversations,
 * commission payouts). Unsearched, this instance keeps it until a change to the queue's table notifies
 * (docs/architecture.md#caches), so the pages of a queue that is not moving cost no count. Searched, it is
 * counted as the other lists are (queueLength): a member's new name or e-mail changes what matches, and
 * members' rows change with every earning.
 */
export function queueTotal(
  reader: QueueReader,
  queue: string,
  search: string | undefined,
  count: () => Promise<{ total: number | string }>,
): Promise<number> {
  if (search !== undefined) return queueLength(reader.db, queue, search, count);
  return reader.caches.queueTotals.get(queue, async () => Number((await count()).total));
}
