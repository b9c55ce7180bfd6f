import { ADMIN_PAGE_SIZE, type AdminQueueInput, page, QUEUE_UNPAGED_LIMIT } from '@app/contracts';
import type { Db } from '@app/db';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Context } from '../context';
import { acceptingPrepared, prepareAnswer } from './prepared';
import { shareWhileRunning } from './shared-read';

/** What a queue's reader reads with: the database, and this instance's caches for the queue's length. */
export type QueueReader = Pick<Context, 'db' | 'caches'>;

/** What a queue's reader needs: which page, how long, and the search. */
export interface QueueWindow {
  limit: number;
  offset: number;
  search: string | undefined;
}

/** A window of a queue as its reader read it, with what a kept copy of it depends on besides the queue's table. */
export interface QueueRead<T> {
  items: T[];
  total: number;
  /** The members whose rows the items show (their member, and any account they name). */
  members: string[];
  /** When something the items show ends by itself (a VIP plan shown as held), or null. */
  validUntil: Date | null;
}

/** A queue's answers: one page ({items, total}) or the documented array, and the procedure's output schema. */
export function queueAnswer<S extends z.ZodType<object>>(item: S) {
  const paged = page(item);
  const list = z.array(item);
  return { paged, list, output: acceptingPrepared(z.union([paged, list])) };
}

/** What a queue's procedure answers. */
type QueueAnswer<S extends z.ZodType<object>> = z.input<ReturnType<typeof queueAnswer<S>>['output']>;

/** One of the admin queues, as its procedure answers it. */
interface Queue<S extends z.ZodType<object>> {
  /** Its name: the key of its length and pages in this instance's caches. */
  name: string;
  answer: ReturnType<typeof queueAnswer<S>>;
  read: (window: QueueWindow) => Promise<QueueRead<z.input<S>>>;
}

/**
 * Answers a queue the way its caller asked (docs/api-conventions.md#paging): one page as {items, total}
 * when a page or page size was given, else the documented array of the first QUEUE_UNPAGED_LIMIT items
 * with the whole queue's length in X-Total-Count.
 *
 * A page is kept, prepared, until its queue's table or one of the members it shows changes, what it shows
 * ends by itself, or (searched) any member's e-mail or name changes (docs/architecture.md#caches): every
 * admin panel open on a queue asks for the same page again each time the queue moves, and between moves
 * they all share one read.
 */
export async function answerQueue<S extends z.ZodType<object>>(
  ctx: Pick<Context, 'req' | 'caches' | 'now'>,
  input: AdminQueueInput,
  queue: Queue<S>,
): Promise<QueueAnswer<S>> {
  const paged = input.page !== undefined || input.pageSize !== undefined;
  const limit = paged ? (input.pageSize ?? ADMIN_PAGE_SIZE) : QUEUE_UNPAGED_LIMIT;
  const window = { limit, offset: ((input.page ?? 1) - 1) * limit, search: input.search || undefined };
  const now = ctx.now().getTime();
  const kept = await ctx.caches.queuePages.get(
    [queue.name, paged ? 'page' : 'list', limit, window.offset, window.search ?? ''].join('\u0000'),
    async () => {
      const { items, total, members, validUntil } = await queue.read(window);
      return {
        answer: paged ? prepareAnswer(queue.answer.paged, { items, total }) : prepareAnswer(queue.answer.list, items),
        total,
        userIds: members,
        validUntil: validUntil?.getTime() ?? null,
      };
    },
    (page) => page.validUntil === null || now < page.validUntil,
  );
  if (!paged) ctx.req.setHeader('x-total-count', String(kept.total));
  // Prepared from what the reader read, through the same schemas.
  return kept.answer as QueueAnswer<S>;
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
 * (docs/architecture.md#caches), so every page of a queue that has not moved since is answered with one
 * count. Searched, it is counted with its page (queueLength) and kept with that page (answerQueue).
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
