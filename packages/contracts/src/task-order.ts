// Apart from tasks.ts so that the dashboard's first screen orders its tasks without bringing zod along.
import { DASHBOARD_TASK_COUNT } from './constants';

/**
 * The order the member's tasks are shown in: those not done today first, then those done
 * (docs/screens.md#the-first-visit), each group in the server's order. The task grid and the server's first
 * paint of the dashboard both read it here.
 */
export function doneTodayLast<T extends { id: string }>(tasks: readonly T[], doneToday: readonly string[]): T[] {
  const done = new Set(doneToday);
  return [...tasks.filter((task) => !done.has(task.id)), ...tasks.filter((task) => done.has(task.id))];
}

/**
 * Whether the member has more tasks than the dashboard shows (DASHBOARD_TASK_COUNT), so that it links on to
 * all of them; the app's dashboard and the server's first paint of it both ask here.
 */
export function hasMoreThanDashboardShows(tasks: readonly unknown[] | undefined): boolean {
  return (tasks?.length ?? 0) > DASHBOARD_TASK_COUNT;
}

/**
 * A new member's one next step (docs/screens.md#the-first-visit): the first task on their list, for a member
 * who has never completed one, while tasks are left today (or the day's count is not known yet). The app's
 * dashboard and the server's first paint of it both ask here.
 */
export function firstStepTask<T>(
  member: { completedTasks: number },
  tasks: readonly T[] | undefined,
  today: { tasksRemaining: number } | undefined,
): T | undefined {
  if (member.completedTasks !== 0 || (today && today.tasksRemaining <= 0)) return undefined;
  return tasks?.[0];
}
