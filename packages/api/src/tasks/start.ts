import { messages, type StartTaskOutput, VIEW_EXPIRY_SECONDS } from '@app/contracts';
import { commitWithoutWaitingForDisk, type Db, preparedStatement, type UserRow } from '@app/db';
import { sql } from 'kysely';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import { dayRange } from '../lib/time';
import type { CachedReader } from '../system-settings/service';
import { effectiveTier } from '../vip/tier';
import { closeOpenView, completeView } from './complete';
import { completedTodayQuery, progressOf } from './limits';
import { type ClockArgs, clockArgs, clockNow, preparedClock, secondsSince, type ViewClock, type ViewOptions } from './view-clock';
import { findListedTask, isVisibleTo } from './visibility';

/** An earlier view of another task that the start credited before opening its own (it had lasted its time). */
interface CollectedView {
  taskId: string;
  reward: string;
}

export type StartResult =
  | { ok: true; viewId: string; startedAt: Date; collected: CollectedView | null }
  | { ok: false; reason: 'task-not-found' | 'daily-limit-reached' | 'start-race'; collected: CollectedView | null };

/** How many times a start retries when another start of the same member keeps taking the open place. */
const START_ATTEMPTS = 3;

/** Starts a view (startView) and answers as the API does: the view and its viewing time, or the refusal that says why not. */
export async function startTask(reader: CachedReader, user: UserRow, taskId: string, options: ViewOptions): Promise<StartTaskOutput> {
  const result = await startView(reader, user, taskId, options);
  if (result.ok) {
    const { viewId, startedAt, collected } = result;
    return { viewId, startedAt: startedAt.toISOString(), durationSeconds: options.viewSeconds, collected };
  }
  if (result.reason === 'task-not-found') throw notFound(messages.tasks.notFound);
  if (result.reason === 'start-race') throw conflict(messages.tasks.startRace);
  if (!result.collected) throw forbidden(messages.tasks.dailyLimitReached);
  // The earlier view was credited all the same: the refusal names it, for the page and for the books.
  const { taskId: collectedTaskId, reward } = result.collected;
  throw new AppError('FORBIDDEN', messages.tasks.dailyLimitReachedAfterCollect(reward), {
    details: { collectedTaskId, collectedReward: reward },
  });
}

/**
 * Records that the member started viewing a task (docs/product-rules.md#decided-rules: proof of view). A member has one
 * open view at a time. Starting a task first settles the member's open view of another one: credited if it
 * has lasted its time (a completed view is never lost to the next start), else closed without credit, as
 * is an expired one; starting the task already open returns that view. Concurrent starts meet at the
 * unique index of open views, so twenty at once leave one view and give all twenty the same answer.
 */
export async function startView(reader: CachedReader, user: UserRow, taskId: string, options: ViewOptions): Promise<StartResult> {
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
  if (!task || !isVisibleTo(task, user, options.now)) return { ok: false, reason: 'task-not-found', collected };
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
    // Another start's view, met on the last try, is left as it is: settling it with no try left to open this
    // one would leave the member no open view at all, where a start was answered with one.
    if (attempt === START_ATTEMPTS - 1) break;
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
  options: ViewOptions,
): Promise<{ id: string; startedAt: Date } | undefined> {
  if (!(await findListedTask(reader, user, taskId, options.now))) return undefined;
  const [opened] = await openViewStatement(
    reader.db,
    { userId: user.id, taskId, dailyTaskLimit: effectiveTier(user, options.now).dailyTaskLimit, ...clockArgs(options) },
    options.clock.source,
  );
  return opened;
}
