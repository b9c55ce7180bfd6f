import { ADMIN_PAGE_SIZE, type AdminQueueInput, adminQueueInput, QUEUE_UNPAGED_LIMIT } from '@app/contracts';
import type { AdminListName, AppCaches, Db } from '@app/db';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { listOrPage, listWindow } from './paging';
import { acceptingPrepared, prepareAnswer } from './prepared';
import type { RequestScope } from './request-scope';
import { shareWhileRunning } from './shared-read';

/** What a queue's reader reads with: the database, and this instance's caches for the queue's length. */
export interface QueueReader {
  db: Db;
  caches: AppCaches;
}

/** Where kept pages live and the clock that ends what they show. */
interface PageKeeper {
  caches: AppCaches;
  now: () => Date;
}

/** What a queue's reader needs: which page, how long, and the search. */
export interface QueueWindow {
  limit: number;
  offset: number;
  search: string | undefined;
}

/** A window of an admin list as its reader read it, with what a kept copy of it depends on besides the list's table. */
export interface ListRead<T> {
  items: T[];
  total: number;
  /** The members whose rows the items show (their member, and any account they name); see AdminListName's topics for the other lists. */
  members: string[];
  /** The members whose cluster's size the items show: a change of one of those clusters drops a kept page. */
  clusterMembers?: string[];
  /** When something the items show ends by itself (a VIP plan shown as held), or null. */
  validUntil: Date | null;
}

/** What a queue's procedure answers. */
type QueueAnswer<S extends z.ZodType<object>> = z.input<ReturnType<typeof listOrPage<S>>['output']>;

/** One of the admin queues, as its procedure answers it. */
interface Queue<S extends z.ZodType<object>> {
  /** Its name: the key of its length and pages in this instance's caches. */
  name: string;
  answer: ReturnType<typeof listOrPage<S>>;
  read: (window: QueueWindow) => Promise<ListRead<z.input<S>>>;
}

/**
 * Answers a queue the way its caller asked (docs/api-conventions.md#paging): one page as {items, total}
 * when a page or page size was given, else the documented array of the first QUEUE_UNPAGED_LIMIT items
 * with the whole queue's length in X-Total-Count.
 *
 * A page is kept, prepared, until its queue's table, one of the members it shows or the cluster of one whose
 * cluster it shows changes, what it shows ends by itself, or (searched) any member's e-mail or name changes
 * (docs/architecture.md#caches): every admin panel open on a queue asks for the same page again each time
 * the queue moves, and between moves they all share one read.
 */
async function answerQueue<S extends z.ZodType<object>>(
  ctx: PageKeeper & { req: Pick<RequestScope, 'setHeader'> },
  input: AdminQueueInput,
  queue: Queue<S>,
): Promise<QueueAnswer<S>> {
  const { paged, limit, offset } = listWindow(input, { pageSize: ADMIN_PAGE_SIZE, unpaged: QUEUE_UNPAGED_LIMIT });
  const window = { limit, offset, search: input.search || undefined };
  const kept = await keptPage(
    ctx,
    ctx.caches.queuePages,
    [queue.name, paged ? 'page' : 'list', limit, window.offset, window.search ?? ''].join('\u0000'),
    () => queue.read(window),
    ({ items, total }) => (paged ? prepareAnswer(queue.answer.paged, { items, total }) : prepareAnswer(queue.answer.list, items)),
  );
  if (!paged) ctx.req.setHeader('x-total-count', String(kept.total));
  // Prepared from what the reader read, through the same schemas.
  return kept.answer as QueueAnswer<S>;
}

/**
 * Answers a page of one of the other admin lists (users, the ledger, the activity log, the risk queue, the
 * held referral bonuses) as {items, total}, kept, prepared, like a queue's page until a change to what
 * the list shows (AdminListName's topics in packages/db/src/cache.ts) or what it shows ends by itself.
 * `input` is the procedure's parsed input, which names the page: its filter, search, page and size.
 */
async function answerAdminList<S extends z.ZodType<object>>(
  ctx: PageKeeper,
  list: AdminListName,
  input: object,
  output: S,
  read: () => Promise<ListRead<unknown> & z.input<S>>,
): Promise<z.output<S>> {
  const kept = await keptPage(ctx, ctx.caches.adminLists[list], JSON.stringify(input), read, ({ items, total }) =>
    prepareAnswer(output, { items, total } as z.input<S>),
  );
  // Prepared from what the reader read, through `output`.
  return kept.answer as z.output<S>;
}

/** What a queue's or an admin list's procedure reads with: a reader's, and what keeps and counts its pages. */
type ListContext = QueueReader & PageKeeper & { req: Pick<RequestScope, 'setHeader'> };

/**
 * A procedure answering the queue `name` of `item`s (answerQueue), but for its tier and REST entry: the
 * queue's input, its list-or-page answer, and the call that reads a window of it.
 */
export function answeringQueue<S extends z.ZodType<object>>(
  name: string,
  item: S,
  read: (ctx: ListContext, window: QueueWindow) => Promise<ListRead<z.input<S>>>,
) {
  const answer = listOrPage(item);
  return {
    input: adminQueueInput,
    output: answer.output,
    run: (ctx: ListContext, input: AdminQueueInput) => answerQueue(ctx, input, { name, answer, read: (window) => read(ctx, window) }),
  };
}

/**
 * A procedure answering the admin list `list` (answerAdminList), but for its tier and REST entry: the page
 * it is asked for by `input`, the answer `output` (which the call may pass on prepared), and the call.
 */
export function answeringAdminList<I extends z.ZodType<object>, S extends z.ZodType<object>>(
  list: AdminListName,
  input: I,
  output: S,
  read: (ctx: ListContext, input: z.output<I>) => Promise<ListRead<unknown> & z.input<S>>,
) {
  return {
    input,
    output: acceptingPrepared(output),
    run: (ctx: ListContext, page: z.output<I>) => answerAdminList(ctx, list, page, output, () => read(ctx, page)),
  };
}

/** The kept page under `key`, or one read and prepared now, kept while nothing it shows has changed or ended. */
function keptPage<R extends ListRead<unknown>>(
  ctx: Pick<PageKeeper, 'now'>,
  cache: AppCaches['queuePages'],
  key: string,
  read: () => Promise<R>,
  prepare: (read: R) => object,
) {
  const now = ctx.now().getTime();
  return cache.get(
    key,
    async () => {
      const page = await read();
      return {
        answer: prepare(page),
        total: page.total,
        members: page.members,
        clusterMembers: page.clusterMembers,
        validUntil: page.validUntil?.getTime() ?? null,
      };
    },
    (page) => page.validUntil === null || now < page.validUntil,
  );
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
function memberMatches(search: string) {
  const pattern = containing(search);
  return sql<boolean>`(u.search_text LIKE ${pattern} AND (lower(u.email) LIKE ${pattern} OR lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) LIKE ${pattern}))`;
}

/** A query's rows whose member (`u`) matches the search (memberMatches), or all of them without one. */
export function searchingMembers(search: string | undefined) {
  return <Q extends { where(expression: RawBuilder<boolean>): Q }>(query: Q): Q =>
    search === undefined ? query : query.where(memberMatches(search));
}

/** A query's rows from `offset` on, `limit` of them: the window an admin list shows. */
export function inWindow(window: { limit: number; offset: number }) {
  return <Q extends { limit(rows: number): Q; offset(rows: number): Q }>(query: Q): Q => query.limit(window.limit).offset(window.offset);
}

/** The window of one page of an admin list whose pages count from 1. */
export function pageWindow(input: { page: number; pageSize: number }) {
  return { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
}

/** How many rows a query keeps, as the `total` a list's length is counted as. */
export function countTotal<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) {
  return query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
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
