// Apart from tasks.ts so that the dashboard's first screen orders its tasks without bringing zod along.

/**
 * The order the member's tasks are shown in: those not done today first, then those done
 * (docs/screens.md#the-first-visit), each group in the server's order. The task grid and the server's first
 * paint of the dashboard both read it here.
 */
export function doneTodayLast<T extends { id: string }>(tasks: readonly T[], doneToday: readonly string[]): T[] {
  const done = new Set(doneToday);
  return [...tasks.filter((task) => !done.has(task.id)), ...tasks.filter((task) => done.has(task.id))];
}
