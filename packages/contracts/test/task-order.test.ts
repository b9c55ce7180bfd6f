import { describe, expect, it } from 'vitest';
import { DASHBOARD_TASK_COUNT } from '../src/constants';
import { doneTodayLast, firstStepTask, hasMoreThanDashboardShows } from '../src/task-order';

describe('the order the member’s tasks are shown in', () => {
  it('lists the tasks not done today first, then those done, each group in the server’s order', () => {
    const tasks = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    expect(doneTodayLast(tasks, ['a', 'c']).map((task) => task.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(doneTodayLast(tasks, []).map((task) => task.id)).toEqual(['a', 'b', 'c', 'd']);
    // A task done today that the member may no longer view is simply not there.
    expect(doneTodayLast(tasks, ['gone']).map((task) => task.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('links on to every task only when there are more than the dashboard shows', () => {
    const tasks = (count: number) => Array.from({ length: count }, (_, index) => ({ id: String(index) }));
    expect(hasMoreThanDashboardShows(undefined)).toBe(false);
    expect(hasMoreThanDashboardShows(tasks(DASHBOARD_TASK_COUNT))).toBe(false);
    expect(hasMoreThanDashboardShows(tasks(DASHBOARD_TASK_COUNT + 1))).toBe(true);
  });

  it('offers a new member their first task as the next step, while tasks are left today', () => {
    const tasks = [{ id: 'a' }, { id: 'b' }];
    expect(firstStepTask({ completedTasks: 0 }, tasks, { tasksRemaining: 5 })).toEqual({ id: 'a' });
    // The day's count still loading: the step shows, as the tasks do.
    expect(firstStepTask({ completedTasks: 0 }, tasks, undefined)).toEqual({ id: 'a' });
    expect(firstStepTask({ completedTasks: 0 }, tasks, { tasksRemaining: 0 })).toBeUndefined();
    expect(firstStepTask({ completedTasks: 1 }, tasks, { tasksRemaining: 5 })).toBeUndefined();
    expect(firstStepTask({ completedTasks: 0 }, [], { tasksRemaining: 5 })).toBeUndefined();
    expect(firstStepTask({ completedTasks: 0 }, undefined, undefined)).toBeUndefined();
  });
});
