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
