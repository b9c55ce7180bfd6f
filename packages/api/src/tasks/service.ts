import {
  type AdminTask,
  type AdminTaskCreateInput,
  type AdminTaskUpdateInput,
  type CompleteTaskOutput,
  formatAmount,
  messages,
  staffMessages,
  type Task,
  type TaskCompletionError,
  taskListSchema,
  VIEW_EXPIRY_SECONDS,
} from '@app/contracts';
import {
  commitWithoutWaitingForDisk,
  type Database,
  type Db,
  GATED_ROW_ID,
  preparedGatedPosting,
  preparedStatement,
  rowVersionOf,
  type TaskRow,
  type UserRow,
} from '@app/db';
import { type QueryCreator, type RawBuilder, sql } from 'kysely';
import { type AdminActor, logAdminAction } from '../activity/service';
import { badRequest, notFound } from '../lib/errors';
import { newestFirst, type PagedList } from '../lib/paging';
import { prepareAnswer } from '../lib/prepared';
import { dayRange } from '../lib/time';
import type { CachedReader } from '../maintenance/service';
import { creditReferralMilestone } from '../referrals/service';
import { refreshRiskScores } from '../risk/service';
import { effectiveTier } from '../vip/tier';
import { completedTodayQuery, progressOf } from './limits';

/** The one task every member sees whatever its tier (docs/product-rules.md#validation). */
const ALWAYS_VISIBLE_TITLE = 'View Product Page';

type Visible = Pick<TaskRow, 'title' | 'requiredVipTier'>;

/** Shown if titled 'View Product Page', or needing no tier (none or ''), or needing exactly the member's tier. */
function isVisibleTo(task: Visible, tier: string): boolean {
  return task.title === ALWAYS_VISIBLE_TITLE || !task.requiredVipTier || task.requiredVipTier === tier;
}

/** FREE members earn each task's own reward; a running plan pays its (copied) reward per task. */
function rewardFor(task: Pick<TaskRow, 'reward'>, user: UserRow, now: Date): number {
  return effectiveTier(user, now).rewardPerTask ?? task.reward;
}

/** The active tasks, oldest first, from this instance's cache (docs/architecture.md#caches). */
function activeTasks({ db, caches }: CachedReader): Promise<readonly TaskRow[]> {
  return caches.tasks.get('active', async () =>
    Object.freeze(await db.selectFrom('tasks').selectAll().where('isActive', '=', true).orderBy('createdAt').orderBy('id').execute()),
  );
}

/** A task as a member sees it: its reward is the one it pays them now. */
function toTask(row: TaskRow, user: UserRow, now: Date): Task {
  const { id, title, description, url, requiredVipTier } = row;
  return { id, title, description, url, requiredVipTier, reward: formatAmount(rewardFor(row, user, now)) };
}

/**
 * The lists members see, by the active tasks they were made from and then by tier and plan reward: every
 * member of a tier on the same plan reward sees the same list, prepared once (docs/architecture.md#prepared-answers).
 * A change to the tasks replaces the cached rows, and the lists made from the old rows go with them.
 */
const visibleLists = new WeakMap<readonly TaskRow[], Map<string, Task[]>>();
/** Lists kept per set of rows at most: one per tier and plan reward, far fewer in practice. */
const MAX_VISIBLE_LISTS = 64;

/** The tasks the member may view now, at the reward each pays them. */
export async function listVisibleTasks(reader: CachedReader, user: UserRow, now: Date): Promise<Task[]> {
  const rows = await activeTasks(reader);
  const { tier, rewardPerTask } = effectiveTier(user, now);
  const key = `${tier}\u0000${rewardPerTask ?? ''}`;
  const lists = visibleLists.get(rows) ?? new Map<string, Task[]>();
  visibleLists.set(rows, lists);
  let list = lists.get(key);
  if (!list) {
    list = prepareAnswer(
      taskListSchema,
      rows.filter((row) => isVisibleTo(row, tier)).map((row) => toTask(row, user, now)),
    );
    if (lists.size < MAX_VISIBLE_LISTS) lists.set(key, list);
  }
  return list;
}

/**
 * One task as the member sees it in the list, or null when it does not exist, is off, or is not for
 * their tier: what the task browser shows, so a link cannot show a title, site or reward of its own.
 */
export async function findVisibleTask(reader: CachedReader, user: UserRow, taskId: string, now: Date): Promise<Task | null> {
  const row = (await activeTasks(reader)).find((task) => task.id === taskId);
  return row && isVisibleTo(row, effectiveTier(user, now).tier) ? toTask(row, user, now) : null;
}

/** An earlier view of another task that the start credited before opening its own (it had lasted its time). */
interface CollectedView {
  taskId: string;
  reward: string;
}

export type StartResult =
  | { ok: true; viewId: string; startedAt: Date; collected: CollectedView | null }
  | { ok: false; reason: 'task-not-found' | 'daily-limit-reached' | 'start-race'; collected: CollectedView | null };

/**
 * The clock views are timed by. In production the database's, so that instances whose clocks disagree
 * cannot stretch a view (start on one a minute behind, complete on one a minute ahead); tests that move
 * the server's clock time views by it instead.
 */
export type ViewClock = { source: 'database' } | { source: 'server'; now: Date };

function clockNow(clock: ViewClock) {
  return clock.source === 'database' ? sql<Date>`now()` : sql<Date>`${clock.now}::timestamptz`;
}

/** The arguments of a prepared statement that every one of them takes: the view clock's time, the day. */
interface ClockArgs {
  /** The server's time, read by a statement only when views are timed by the server (its shape says which). */
  serverNow: Date;
  dayStart: Date;
  dayEnd: Date;
}

function clockArgs(options: { now: Date; timeZone: string; clock: ViewClock }): ClockArgs {
  const { start, end } = dayRange(options.now, options.timeZone);
  return { serverNow: options.clock.source === 'server' ? options.clock.now : options.now, dayStart: start, dayEnd: end };
}

/** The view clock inside a prepared statement: which clock is the statement's shape, the server's time an argument. */
function preparedClock(source: ViewClock['source'], args: ClockArgs): ViewClock {
  return source === 'database' ? { source } : { source, now: args.serverNow };
}

/** The seconds a view has lasted, by the view clock. */
function secondsSince(clock: ViewClock, startedAt: string) {
  return sql<number>`extract(epoch from ${clockNow(clock)} - ${sql.ref(startedAt)})::float8`;
}

/** How many times a start retries when another start of the same member keeps taking the open place. */
const START_ATTEMPTS = 3;

/**
 * Records that the member started viewing a task (docs/product-rules.md#decided-rules: proof of view). A member has one
 * open view at a time. Starting a task first settles the member's open view of another one: credited if it
 * has lasted its time (a completed view is never lost to the next start), else closed without credit, as
 * is an expired one; starting the task already open returns that view. Concurrent starts meet at the
 * unique index of open views, so twenty at once leave one view and give all twenty the same answer.
 */
export async function startView(
  reader: CachedReader,
  user: UserRow,
  taskId: string,
  options: { now: Date; timeZone: string; viewSeconds: number; clock: ViewClock },
): Promise<StartResult> {
  const { db } = reader;
  const opened = await openViewIfFree(reader, user, taskId, options);
  if (opened) return { ok: true, viewId: opened.id, startedAt: opened.startedAt, collected: null };

  // The task and today's count in one round trip.
  const task = await db
    .selectFrom('tasks')
    .select(['id', 'title', 'requiredVipTier'])
    .select(() => completedTodayQuery(db, user.id, dayRange(options.now, options.timeZone)).as('completedToday'))
    .where('id', '=', taskId)
    .where('isActive', '=', true)
    .executeTakeFirst();
  let collected: CollectedView | null = null;
  if (!task || !isVisibleTo(task, effectiveTier(user, options.now).tier)) return { ok: false, reason: 'task-not-found', collected };
  let completedToday = Number(task.completedToday);
  if (progressOf(user, options.now, completedToday).remaining <= 0) return { ok: false, reason: 'daily-limit-reached', collected };

  const now = clockNow(options.clock);
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    const inserted = await db
      .insertInto('taskViews')
      .values({ userId: user.id, taskId: task.id, startedAt: now })
      .onConflict((oc) => oc.column('userId').where('completedAt', 'is', null).where('closedAt', 'is', null).doNothing())
      .returning(['id', 'startedAt'])
      .executeTakeFirst();
    if (inserted) return { ok: true, viewId: inserted.id, startedAt: inserted.startedAt, collected };

    const open = await db
      .selectFrom('taskViews')
      .select(['id', 'taskId', 'startedAt', secondsSince(options.clock, 'startedAt').as('seconds')])
      .where('userId', '=', user.id)
      .where('completedAt', 'is', null)
      .where('closedAt', 'is', null)
      .executeTakeFirst();
    if (!open) continue;
    const seconds = Number(open.seconds);
    if (open.taskId === task.id && seconds < VIEW_EXPIRY_SECONDS) {
      return { ok: true, viewId: open.id, startedAt: open.startedAt, collected };
    }
    if (open.taskId !== task.id && seconds >= options.viewSeconds && seconds < VIEW_EXPIRY_SECONDS) {
      // Credited by the one completion path, with its lock, its once-only close and its daily limit.
      const outcome = await completeView(reader, user, open.taskId, options);
      if (outcome.success && outcome.reward) {
        collected = { taskId: open.taskId, reward: outcome.reward };
        completedToday += 1;
        if (progressOf(user, options.now, completedToday).remaining <= 0) return { ok: false, reason: 'daily-limit-reached', collected };
      }
    }
    // Whatever the completion found (a view that is not the member's to credit any more), the place is freed.
    await closeOpenView(db, open.id, now);
  }
  return { ok: false, reason: 'start-race', collected };
}

/** What the common start's statement takes (openViewIfFree). */
interface OpenViewArgs extends ClockArgs {
  userId: string;
  taskId: string;
  dailyTaskLimit: number;
}

const openViewStatement = preparedStatement((db: Db, args: OpenViewArgs, clock: ViewClock['source']) =>
  db
    .insertInto('taskViews')
    .columns(['userId', 'taskId', 'startedAt'])
    .expression((eb) =>
      eb
        .selectFrom('tasks')
        .select([sql<string>`${args.userId}::text`.as('userId'), 'id', clockNow(preparedClock(clock, args)).as('startedAt')])
        .where('id', '=', args.taskId)
        .where('isActive', '=', true)
        .where((where) => where(completedTodayQuery(db, args.userId, { start: args.dayStart, end: args.dayEnd }), '<', args.dailyTaskLimit))
        // A start lost in a database crash costs the member a new start, never money: its commit does not
        // wait for the disk, the credit's does (docs/architecture.md#durability).
        .where(commitWithoutWaitingForDisk),
    )
    .onConflict((oc) => oc.column('userId').where('completedAt', 'is', null).where('closedAt', 'is', null).doNothing())
    .returning(['id', 'startedAt']),
);

/**
 * The common start in one statement: a task the member may view (the catalogue as this instance keeps
 * it, checked again by the statement: active), no open view, and tasks left today. Undefined when any of
 * that does not hold, for startView's full path to say why or to settle the open view; the daily limit
 * is also checked again when the view is credited, under the member's lock.
 */
async function openViewIfFree(
  reader: CachedReader,
  user: UserRow,
  taskId: string,
  options: { now: Date; timeZone: string; clock: ViewClock },
): Promise<{ id: string; startedAt: Date } | undefined> {
  const tier = effectiveTier(user, options.now);
  const listed = (await activeTasks(reader)).find((task) => task.id === taskId);
  if (!listed || !isVisibleTo(listed, tier.tier)) return undefined;
  const [opened] = await openViewStatement(
    reader.db,
    { userId: user.id, taskId, dailyTaskLimit: tier.dailyTaskLimit, ...clockArgs(options) },
    options.clock.source,
  );
  return opened;
}

/** Ends an open view without credit (replaced by another, or expired); a view completed meanwhile stays completed. */
async function closeOpenView(db: Db, viewId: string, now: RawBuilder<Date>): Promise<void> {
  await db
    .updateTable('taskViews')
    .set({ closedAt: now })
    .where('id', '=', viewId)
    .where('completedAt', 'is', null)
    .where('closedAt', 'is', null)
    .execute();
}

/** The task a completion names and the member's open view of it, as the completion found them. */
interface FoundView {
  id: string;
  title: string;
  reward: number;
  requiredVipTier: string | null;
  viewId: string | null;
  viewSeconds: number | null;
}

function openViewQuery(db: Db, userId: string, taskId: string, clock: ViewClock) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('taskViews as v', (join) =>
      join.onRef('v.taskId', '=', 't.id').on('v.userId', '=', userId).on('v.completedAt', 'is', null).on('v.closedAt', 'is', null),
    )
    .select(['t.id', 't.title', 't.reward', 't.requiredVipTier', 'v.id as viewId', secondsSince(clock, 'v.startedAt').as('viewSeconds')])
    .where('t.id', '=', taskId)
    .where('t.isActive', '=', true);
}

function findOpenView(db: Db, userId: string, taskId: string, clock: ViewClock): Promise<FoundView | undefined> {
  return openViewQuery(db, userId, taskId, clock).executeTakeFirst();
}

/**
 * Credits the member's own open view of a task, once, if it lasted at least `viewSeconds` and less than
 * VIEW_EXPIRY_SECONDS by the view clock (an expired view is closed without credit). The common case is
 * one statement (creditAtOnce), which also reads the task and the open view as they were when it began;
 * whatever it did not credit, the locked path settles from that read and says why. A duplicate
 * completion sent with the first reads the view as the first one does, before either changes it, and is
 * answered as the first is (expired, or already completed).
 */
export async function completeView(
  reader: CachedReader,
  user: UserRow,
  taskId: string,
  options: { now: Date; timeZone: string; viewSeconds: number; clock: ViewClock },
): Promise<CompleteTaskOutput> {
  const atOnce = await creditAtOnce(reader, user, taskId, options);
  if (atOnce?.credited) return atOnce.credited;
  const found = atOnce ? atOnce.found : await findOpenView(reader.db, user.id, taskId, options.clock);
  if (!found) return { success: false, error: 'task-not-found' };
  return completeViewLocked(reader.db, user.id, found, options);
}

/**
 * The common credit in one statement, without a transaction: the member's open view of the task, lasted
 * its time and not expired; the task as this instance keeps it (checked by the statement: still active,
 * same title, reward and tier); the member row as this request read it (its version checked and locked by
 * the statement, so the reward, the tier and the day's limit decided from it hold); then the view closed
 * and the earning posted, only while the day's count is below the limit. Undefined, without a statement,
 * for a first credited task (its referral bonus) or a task this instance does not list for the member;
 * otherwise what it credited, or the task and open view it read, for the locked path.
 *
 * The day's count is the statement's, read before the member's lock was taken; it is the count under the
 * lock all the same, because every earning changes the member row: had one been posted since this request
 * read the row, the version would not match.
 */
async function creditAtOnce(
  reader: CachedReader,
  user: UserRow,
  taskId: string,
  options: { now: Date; timeZone: string; viewSeconds: number; clock: ViewClock },
): Promise<{ credited: CompleteTaskOutput | null; found: FoundView | null } | undefined> {
  const version = rowVersionOf(user);
  if (!version || (user.referredBy && Number(user.completedTasks) === 0)) return undefined;
  const task = (await activeTasks(reader)).find((row) => row.id === taskId);
  if (!task || !isVisibleTo(task, effectiveTier(user, options.now).tier)) return undefined;
  const credit = creditArgs(user, task, options);
  const open: OpenViewCredit = {
    taskId,
    viewSeconds: options.viewSeconds,
    version,
    title: task.title,
    taskReward: task.reward,
    requiredVipTier: task.requiredVipTier,
  };
  const { posted, report } = await creditOpenView(reader.db, { ...credit, ...open }, options.clock.source);
  return { credited: posted ? { success: true, reward: formatAmount(credit.reward) } : null, found: report };
}

/** What every credit's statement takes (creditFoundView, creditOpenView). */
interface CreditArgs extends ClockArgs {
  userId: string;
  reward: number;
  description: string;
  dailyTaskLimit: number;
  now: Date;
}

/** A credit of the view the locked path found: by its id, with its age as found. */
interface FoundViewCredit {
  viewId: string;
  secondsViewed: number;
}

/** A credit of the member's open view of the task, at once: the member row's version and the task as this instance keeps it. */
interface OpenViewCredit {
  taskId: string;
  viewSeconds: number;
  version: string;
  title: string;
  taskReward: number;
  requiredVipTier: string | null;
}

function creditArgs(
  user: UserRow,
  task: Pick<TaskRow, 'title' | 'reward'>,
  options: { now: Date; timeZone: string; clock: ViewClock },
): CreditArgs {
  return {
    userId: user.id,
    reward: rewardFor(task, user, options.now),
    description: `Task completed: ${task.title}`,
    dailyTaskLimit: effectiveTier(user, options.now).dailyTaskLimit,
    now: options.now,
    ...clockArgs(options),
  };
}

/**
 * The view closed and its earning posted, in one statement, only while the view is still open and the
 * day's count is below the limit of the member's tier. The view is the one the locked path found
 * (creditFoundView), or the member's open view of the task if it has lasted its time and not expired
 * (creditOpenView), and then also only while the member row is still at its version (which the statement
 * then locks) and the task as the caller has it, with the task and the open view read alongside. Each is
 * prepared once per view clock.
 */
function describeCredit(
  db: Db,
  args: CreditArgs,
  source: ViewClock['source'],
  view: { found: FoundViewCredit; open?: never } | { open: OpenViewCredit; found?: never },
) {
  const clock = preparedClock(source, args);
  const age = secondsSince(clock, 'startedAt');
  const entry = {
    userId: args.userId,
    type: 'earning' as const,
    amount: args.reward,
    description: args.description,
    taskViewId: GATED_ROW_ID,
    createdAt: args.now,
  };
  const gate = (creator: QueryCreator<Database>) =>
    creator
      .updateTable('taskViews')
      .set({
        completedAt: clockNow(clock),
        secondsViewed: view.open ? sql<number>`floor(${age})::int` : sql<number>`${view.found.secondsViewed}::int`,
        reward: sql<number>`${args.reward}::bigint`,
      })
      .where('completedAt', 'is', null)
      .where('closedAt', 'is', null)
      .where((eb) =>
        eb.and([
          ...(view.open
            ? [
                eb('userId', '=', args.userId),
                eb('taskId', '=', view.open.taskId),
                eb(age, '>=', view.open.viewSeconds),
                eb(age, '<', VIEW_EXPIRY_SECONDS),
                eb.exists(
                  eb
                    .selectFrom('users')
                    .select('id')
                    .where('id', '=', args.userId)
                    .where(sql`xmin`, '=', sql`${view.open.version}::xid`)
                    .forNoKeyUpdate(),
                ),
                eb.exists(
                  eb
                    .selectFrom('tasks')
                    .select('id')
                    .where('id', '=', view.open.taskId)
                    .where('isActive', '=', true)
                    .where('title', '=', view.open.title)
                    .where('reward', '=', view.open.taskReward)
                    .where(sql<boolean>`required_vip_tier IS NOT DISTINCT FROM ${view.open.requiredVipTier}::text`),
                ),
              ]
            : [eb('id', '=', view.found.viewId)]),
          eb(completedTodayQuery(db, args.userId, { start: args.dayStart, end: args.dayEnd }), '<', args.dailyTaskLimit),
        ]),
      )
      .returning('id');
  const report = view.open
    ? sql<FoundView | null>`(SELECT row_to_json(found) FROM (${openViewQuery(db, args.userId, view.open.taskId, clock)}) AS found)`
    : sql<FoundView | null>`NULL`;
  return { entry, gate, report };
}

const creditFoundView = preparedGatedPosting((db: Db, args: CreditArgs & FoundViewCredit, source: ViewClock['source']) =>
  describeCredit(db, args, source, { found: args }),
);

const creditOpenView = preparedGatedPosting((db: Db, args: CreditArgs & OpenViewCredit, source: ViewClock['source']) =>
  describeCredit(db, args, source, { open: args }),
);

/**
 * completeView's locked path, for every case, from what completeView found (docs/decisions.md#postgresjs-and-kysely):
 * 1. The member row, locked for the whole transaction so that concurrent completions queue up.
 * 2. The view closed and the earning posted in one statement, only while the view is still open and the
 *    day's count (read under the lock) is below the limit: of concurrent completions of one view all but
 *    the first find it closed, and two views completed at once cannot both pass the daily limit.
 */
async function completeViewLocked(
  db: Db,
  userId: string,
  task: FoundView,
  options: { now: Date; timeZone: string; viewSeconds: number; clock: ViewClock },
): Promise<CompleteTaskOutput> {
  const fail = (error: TaskCompletionError): CompleteTaskOutput => ({ success: false, error });
  const { viewId, viewSeconds } = task;
  const now = clockNow(options.clock);
  let referralHeld = false;

  const outcome = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
    if (!user) return fail('user-not-found');
    if (!isVisibleTo(task, effectiveTier(user, options.now).tier)) return fail('task-not-found');

    if (!viewId) {
      const completed = await trx
        .selectFrom('taskViews')
        .select('id')
        .where('userId', '=', userId)
        .where('taskId', '=', task.id)
        .where('completedAt', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return fail(completed ? 'already-completed' : 'view-not-started');
    }

    const seconds = Number(viewSeconds);
    if (seconds < options.viewSeconds) return fail('view-too-short');
    if (seconds >= VIEW_EXPIRY_SECONDS) {
      await closeOpenView(trx, viewId, now);
      return fail('view-expired');
    }

    const credit = creditArgs(user, task, options);
    const found: FoundViewCredit = { viewId, secondsViewed: Math.floor(seconds) };
    const { posted } = await creditFoundView(trx, { ...credit, ...found }, options.clock.source);
    if (!posted) {
      // Still open: the day's limit held it back, and the view stays as it was.
      const open = await trx
        .selectFrom('taskViews')
        .select('id')
        .where('id', '=', viewId)
        .where('completedAt', 'is', null)
        .where('closedAt', 'is', null)
        .executeTakeFirst();
      return fail(open ? 'daily-limit-reached' : 'already-completed');
    }
    // The first-task bonus is due only with the member's first credited task.
    if (user.referredBy && Number(user.completedTasks) === 0) {
      referralHeld = (await creditReferralMilestone(trx, user, 'first-task', options.now)) === 'held';
    }
    return { success: true, reward: formatAmount(credit.reward) };
  });
  // A held bonus is a reason in the sponsor's review.
  if (referralHeld) await refreshRiskScores(db, [userId], options.now);
  return outcome;
}

function toAdminTask(row: TaskRow): AdminTask {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    reward: formatAmount(row.reward),
    requiredVipTier: row.requiredVipTier,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every task, on or off, newest first, a page at a time (the admins' task list). */
export function allTasks(db: Db): PagedList<AdminTask, { total: number }> {
  return newestFirst(db, 'tasks', toAdminTask);
}

/** A task may require a plan that exists (on sale or not); null means every tier sees it. */
async function refuseUnknownTier(db: Db, tier: string | null | undefined): Promise<void> {
  if (!tier) return;
  const plan = await db.selectFrom('vipPlans').select('id').where('id', '=', tier).executeTakeFirst();
  if (!plan) throw badRequest(staffMessages.admin.taskTierUnknown);
}

/** Changed fields as the log shows them: money as pesos text. */
function logged(fields: { reward?: number | undefined } & Record<string, unknown>) {
  return { ...fields, ...(fields.reward === undefined ? {} : { reward: formatAmount(fields.reward) }) };
}

export async function createTask(db: Db, input: AdminTaskCreateInput, actor: AdminActor, now: Date): Promise<AdminTask> {
  await refuseUnknownTier(db, input.requiredVipTier);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('tasks')
      .values({ ...input, requiredVipTier: input.requiredVipTier ?? null, createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await logAdminAction(trx, actor, { action: 'create_task', targetId: row.id, details: logged(input) });
    return toAdminTask(row);
  });
}

/** Edits a task; `isActive` alone switches it on or off (a task switched off can no longer be started or credited). */
export async function updateTask(db: Db, input: AdminTaskUpdateInput, actor: AdminActor, now: Date): Promise<AdminTask> {
  const { id, ...changes } = input;
  await refuseUnknownTier(db, changes.requiredVipTier);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('tasks')
      .set({ ...changes, updatedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound(messages.tasks.notFound);
    await logAdminAction(trx, actor, { action: 'update_task', targetId: id, details: logged(changes) });
    return toAdminTask(row);
  });
}
