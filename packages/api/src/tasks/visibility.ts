import { formatAmount, messages, type Task, type TaskToView, taskListSchema } from '@app/contracts';
import type { TaskRow, UserRow } from '@app/db';
import { notFound } from '../lib/errors';
import { prepareAnswer } from '../lib/prepared';
import type { CachedReader } from '../system-settings/service';
import { effectiveTier } from '../vip/tier';

/** The one task every member sees whatever its tier (docs/product-rules.md#validation). */
const ALWAYS_VISIBLE_TITLE = 'View Product Page';

/**
 * Whether the member may see (and so start and be credited for) the task now: titled 'View Product Page',
 * or needing no tier (none or ''), or needing exactly the tier in force for the member at `now`.
 */
export function isVisibleTo(task: Pick<TaskRow, 'title' | 'requiredVipTier'>, user: UserRow, now: Date): boolean {
  return task.title === ALWAYS_VISIBLE_TITLE || !task.requiredVipTier || task.requiredVipTier === effectiveTier(user, now).tier;
}

/** FREE members earn each task's own reward; a running plan pays its (copied) reward per task. */
export function rewardFor(task: Pick<TaskRow, 'reward'>, user: UserRow, now: Date): number {
  return effectiveTier(user, now).rewardPerTask ?? task.reward;
}

/** The active tasks, oldest first, from this instance's cache (docs/architecture.md#caches). */
function activeTasks({ db, caches }: CachedReader): Promise<readonly TaskRow[]> {
  return caches.tasks.get('active', async () =>
    Object.freeze(await db.selectFrom('tasks').selectAll().where('isActive', '=', true).orderBy('createdAt').orderBy('id').execute()),
  );
}

/** The active task the member may see now, as this instance keeps it; undefined when it is off, gone or not for their tier. */
export async function findListedTask(reader: CachedReader, user: UserRow, taskId: string, now: Date): Promise<TaskRow | undefined> {
  const row = (await activeTasks(reader)).find((task) => task.id === taskId);
  return row && isVisibleTo(row, user, now) ? row : undefined;
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
      rows.filter((row) => isVisibleTo(row, user, now)).map((row) => toTask(row, user, now)),
    );
    if (lists.size < MAX_VISIBLE_LISTS) lists.set(key, list);
  }
  return list;
}

/**
 * One task as the member sees it in the list, with the viewing time; not found when it does not exist, is
 * off, or is not for their tier: what the task browser shows, so a link cannot show a title, site or
 * reward of its own.
 */
export async function readTaskToView(
  reader: CachedReader,
  user: UserRow,
  taskId: string,
  now: Date,
  viewSeconds: number,
): Promise<TaskToView> {
  const row = await findListedTask(reader, user, taskId, now);
  if (!row) throw notFound(messages.tasks.notFound);
  return { ...toTask(row, user, now), durationSeconds: viewSeconds };
}
