import { type CompleteTaskOutput, formatAmount, type Task, type TaskCompletionError } from '@app/contracts';
import { type Db, postToLedger, type TaskRow, type UserRow } from '@app/db';
import { creditReferralMilestone } from '../referrals/service';
import { effectiveTier } from '../vip/tier';
import { completedTodayQuery, dailyProgress, progressOf } from './limits';

/** The one task every member sees whatever its tier (spec/member.md section 5). */
export const ALWAYS_VISIBLE_TITLE = 'View Product Page';

type Visible = Pick<TaskRow, 'title' | 'requiredVipTier'>;

/** Shown if titled 'View Product Page', or needing no tier, or needing exactly the member's tier. */
export function isVisibleTo(task: Visible, tier: string): boolean {
  return task.title === ALWAYS_VISIBLE_TITLE || !task.requiredVipTier || task.requiredVipTier === tier;
}

/** FREE members earn each task's own reward; a running plan pays its (copied) reward per task. */
export function rewardFor(task: Pick<TaskRow, 'reward'>, user: UserRow, now: Date): number {
  return effectiveTier(user, now).rewardPerTask ?? task.reward;
}

export async function listVisibleTasks(db: Db, user: UserRow, now: Date): Promise<Task[]> {
  const tier = effectiveTier(user, now).tier;
  const rows = await db
    .selectFrom('tasks')
    .select(['id', 'title', 'description', 'url', 'reward', 'requiredVipTier'])
    .where('isActive', '=', true)
    .where((eb) =>
      eb.or([
        eb('title', '=', ALWAYS_VISIBLE_TITLE),
        eb('requiredVipTier', 'is', null),
        eb('requiredVipTier', '=', ''),
        eb('requiredVipTier', '=', tier),
      ]),
    )
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, reward: formatAmount(rewardFor(row, user, now)) }));
}

export type StartResult = { ok: true; viewId: string; startedAt: Date } | { ok: false; reason: 'task-not-found' | 'daily-limit-reached' };

/**
 * Records that the member started viewing a task (DESIGN.md section 5: proof of view). Starting again
 * while a view of that task is open returns the open view rather than a second one.
 */
export async function startView(db: Db, user: UserRow, taskId: string, now: Date, timeZone: string): Promise<StartResult> {
  // The task and today's count in one round trip.
  const task = await db
    .selectFrom('tasks')
    .select(['id', 'title', 'requiredVipTier'])
    .select(() => completedTodayQuery(db, user.id, now, timeZone).as('completedToday'))
    .where('id', '=', taskId)
    .where('isActive', '=', true)
    .executeTakeFirst();
  if (!task || !isVisibleTo(task, effectiveTier(user, now).tier)) return { ok: false, reason: 'task-not-found' };
  if (progressOf(user, now, Number(task.completedToday)).remaining <= 0) return { ok: false, reason: 'daily-limit-reached' };

  const inserted = await db
    .insertInto('taskViews')
    .values({ userId: user.id, taskId: task.id, startedAt: now })
    .onConflict((oc) => oc.columns(['userId', 'taskId']).where('completedAt', 'is', null).doNothing())
    .returning(['id', 'startedAt'])
    .executeTakeFirst();
  const view =
    inserted ??
    (await db
      .selectFrom('taskViews')
      .select(['id', 'startedAt'])
      .where('userId', '=', user.id)
      .where('taskId', '=', task.id)
      .where('completedAt', 'is', null)
      .executeTakeFirstOrThrow());
  return { ok: true, viewId: view.id, startedAt: view.startedAt };
}

/**
 * Credits the member's own open view of a task, once, if it started at least `viewSeconds` ago by the
 * server's clock. The task and the open view are read together before the transaction; the member row
 * is then locked for the whole transaction, so concurrent completions queue up, and the view is closed
 * only while still open: all but the first completion of a view find it already completed. The day's
 * count is read under the lock, so two views completed at once cannot both pass the daily limit.
 */
export async function completeView(
  db: Db,
  userId: string,
  taskId: string,
  options: { now: Date; timeZone: string; viewSeconds: number },
): Promise<CompleteTaskOutput> {
  const fail = (error: TaskCompletionError): CompleteTaskOutput => ({ success: false, error });
  const task = await db
    .selectFrom('tasks as t')
    .leftJoin('taskViews as v', (join) => join.onRef('v.taskId', '=', 't.id').on('v.userId', '=', userId).on('v.completedAt', 'is', null))
    .select(['t.id', 't.title', 't.reward', 't.requiredVipTier', 'v.id as viewId', 'v.startedAt as viewStartedAt'])
    .where('t.id', '=', taskId)
    .where('t.isActive', '=', true)
    .executeTakeFirst();
  if (!task) return fail('task-not-found');

  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
      if (!user) return fail('user-not-found');
      if (!isVisibleTo(task, effectiveTier(user, options.now).tier)) return fail('task-not-found');

      const view = task.viewId && task.viewStartedAt ? { id: task.viewId, startedAt: task.viewStartedAt } : undefined;
      if (!view) {
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

      const elapsedMs = options.now.getTime() - view.startedAt.getTime();
      if (elapsedMs < options.viewSeconds * 1000) return fail('view-too-short');

      // Closed before the day's count, so that of concurrent completions of one view all but the first
      // stop here without counting. A close over the daily limit is rolled back (DailyLimitReached).
      const reward = rewardFor(task, user, options.now);
      const closed = await trx
        .updateTable('taskViews')
        .set({ completedAt: options.now, secondsViewed: Math.floor(elapsedMs / 1000), reward })
        .where('id', '=', view.id)
        .where('completedAt', 'is', null)
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) return fail('already-completed');

      const progress = await dailyProgress(trx, user, options.now, options.timeZone);
      if (progress.remaining <= 0) throw new DailyLimitReached();

      await postToLedger(trx, {
        userId,
        type: 'earning',
        amount: reward,
        description: `Task completed: ${task.title}`,
        taskViewId: view.id,
        createdAt: options.now,
      });
      if (user.referredBy) await creditReferralMilestone(trx, user, 'first-task', options.now);
      return { success: true, reward: formatAmount(reward) };
    });
  } catch (error) {
    if (error instanceof DailyLimitReached) return fail('daily-limit-reached');
    throw error;
  }
}

/** Thrown inside the crediting transaction to roll back the view it closed. */
class DailyLimitReached extends Error {}
