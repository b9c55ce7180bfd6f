import { type CompleteTaskOutput, formatAmount, type TaskCompletionError, VIEW_EXPIRY_SECONDS } from '@app/contracts';
import { type Db, rowVersionOf, type UserRow } from '@app/db';
import { type RawBuilder, sql } from 'kysely';
import { creditReferralMilestone } from '../referrals/service';
import { refreshRiskScores } from '../risk/service';
import type { CachedReader } from '../system-settings/service';
import {
  creditArgs,
  creditFoundView,
  creditOpenView,
  type FoundView,
  type FoundViewCredit,
  type OpenViewCredit,
  openViewQuery,
} from './credit-statements';
import { clockNow, type ViewOptions } from './view-clock';
import { findListedTask, isVisibleTo } from './visibility';

/**
 * The first task credited to a referred member is the one that pays their sponsor's first-task bonus: it
 * is credited on the locked path, which pays the bonus in the credit's own transaction.
 */
function isFirstReferredTask(user: Pick<UserRow, 'referredBy' | 'completedTasks'>): boolean {
  return Boolean(user.referredBy) && Number(user.completedTasks) === 0;
}

/**
 * Credits the member's own open view of a task, once, if it lasted at least `viewSeconds` and less than
 * VIEW_EXPIRY_SECONDS by the view clock (an expired view is closed without credit). The common case is
 * one statement (creditAtOnce), which also reads the task and the open view as they were when it began;
 * whatever it did not credit, the locked path settles from that read and says why. A duplicate
 * completion sent with the first reads the view as the first one does, before either changes it, and is
 * answered as the first is (expired, or already completed).
 */
export async function completeView(reader: CachedReader, user: UserRow, taskId: string, options: ViewOptions): Promise<CompleteTaskOutput> {
  const atOnce = await creditAtOnce(reader, user, taskId, options);
  if (atOnce?.credited) return atOnce.credited;
  const found = atOnce ? atOnce.found : await openViewQuery(reader.db, user.id, taskId, options.clock).executeTakeFirst();
  if (!found) return { success: false, error: 'task-not-found' };
  return completeViewLocked(reader.db, user.id, found, options);
}

/**
 * Why a completion found no open view, from how the member's latest view of the task ended: credited, or
 * closed after it had expired (a duplicate completion of an expired view, sent with the one that closed
 * it, is told what the first was told), or never started since.
 */
async function whyNoOpenView(trx: Db, userId: string, taskId: string): Promise<TaskCompletionError> {
  const latest = await trx
    .selectFrom('taskViews')
    .select((eb) => [
      eb('completedAt', 'is not', null).as('completed'),
      sql<boolean>`closed_at - started_at >= make_interval(secs => ${VIEW_EXPIRY_SECONDS})`.as('expired'),
    ])
    .where('userId', '=', userId)
    .where('taskId', '=', taskId)
    .orderBy('startedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest?.completed) return 'already-completed';
  return latest?.expired ? 'view-expired' : 'view-not-started';
}

/** Ends an open view without credit (replaced by another, or expired); a view completed meanwhile stays completed. */
export async function closeOpenView(db: Db, viewId: string, now: RawBuilder<Date>): Promise<void> {
  await db
    .updateTable('taskViews')
    .set({ closedAt: now })
    .where('id', '=', viewId)
    .where('completedAt', 'is', null)
    .where('closedAt', 'is', null)
    .execute();
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
  options: ViewOptions,
): Promise<{ credited: CompleteTaskOutput | null; found: FoundView | null } | undefined> {
  const version = rowVersionOf(user);
  if (!version || isFirstReferredTask(user)) return undefined;
  const task = await findListedTask(reader, user, taskId, options.now);
  if (!task) return undefined;
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

/**
 * completeView's locked path, for every case, from what completeView found (docs/decisions.md#postgresjs-and-kysely):
 * 1. The member row, locked for the whole transaction so that concurrent completions queue up.
 * 2. The view closed and the earning posted in one statement, only while the view is still open and the
 *    day's count (read under the lock) is below the limit: of concurrent completions of one view all but
 *    the first find it closed, and two views completed at once cannot both pass the daily limit.
 */
async function completeViewLocked(db: Db, userId: string, task: FoundView, options: ViewOptions): Promise<CompleteTaskOutput> {
  const fail = (error: TaskCompletionError): CompleteTaskOutput => ({ success: false, error });
  const { viewId, viewSeconds } = task;
  const now = clockNow(options.clock);
  let referralHeld = false;

  const outcome = await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
    if (!user) return fail('user-not-found');
    if (!isVisibleTo(task, user, options.now)) return fail('task-not-found');

    if (!viewId) return fail(await whyNoOpenView(trx, userId, task.id));

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
    if (isFirstReferredTask(user)) {
      referralHeld = (await creditReferralMilestone(trx, user, 'first-task', { adminId: null, now: options.now })) === 'held';
    }
    return { success: true, reward: formatAmount(credit.reward) };
  });
  // A held bonus is a reason in the sponsor's review.
  if (referralHeld) await refreshRiskScores(db, [userId], options.now);
  return outcome;
}
