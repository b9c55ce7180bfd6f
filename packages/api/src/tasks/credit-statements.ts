import { messages, VIEW_EXPIRY_SECONDS } from '@app/contracts';
import { type Database, type Db, GATED_ROW_ID, preparedGatedPosting, type TaskRow, type UserRow } from '@app/db';
import { type QueryCreator, sql } from 'kysely';
import { effectiveTier } from '../vip/tier';
import { completedTodayQuery } from './limits';
import { type ClockArgs, clockArgs, clockNow, preparedClock, secondsSince, type ViewClock, type ViewOptions } from './view-clock';
import { rewardFor } from './visibility';

/** The task a completion names and the member's open view of it, as the completion found them. */
export interface FoundView {
  id: string;
  title: string;
  reward: number;
  requiredVipTier: string | null;
  viewId: string | null;
  viewSeconds: number | null;
}

/** The active task and the member's open view of it, if any, with the view's age by the view clock. */
export function openViewQuery(db: Db, userId: string, taskId: string, clock: ViewClock) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('taskViews as v', (join) =>
      join.onRef('v.taskId', '=', 't.id').on('v.userId', '=', userId).on('v.completedAt', 'is', null).on('v.closedAt', 'is', null),
    )
    .select(['t.id', 't.title', 't.reward', 't.requiredVipTier', 'v.id as viewId', secondsSince(clock, 'v.startedAt').as('viewSeconds')])
    .where('t.id', '=', taskId)
    .where('t.isActive', '=', true);
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
export interface FoundViewCredit {
  viewId: string;
  secondsViewed: number;
}

/** A credit of the member's open view of the task, at once: the member row's version and the task as this instance keeps it. */
export interface OpenViewCredit {
  taskId: string;
  viewSeconds: number;
  version: string;
  title: string;
  taskReward: number;
  requiredVipTier: string | null;
}

/** The earning a credit of the task posts for the member: its reward, its description and the day's limit it is held to. */
export function creditArgs(user: UserRow, task: Pick<TaskRow, 'title' | 'reward'>, options: ViewOptions): CreditArgs {
  return {
    userId: user.id,
    reward: rewardFor(task, user, options.now),
    description: messages.ledger.taskCompleted(task.title),
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

export const creditFoundView = preparedGatedPosting((db: Db, args: CreditArgs & FoundViewCredit, source: ViewClock['source']) =>
  describeCredit(db, args, source, { found: args }),
);

export const creditOpenView = preparedGatedPosting((db: Db, args: CreditArgs & OpenViewCredit, source: ViewClock['source']) =>
  describeCredit(db, args, source, { open: args }),
);
