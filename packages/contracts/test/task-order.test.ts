import { describe, expect, it } from 'vitest';
import { doneTodayLast } from '../src/task-order';

describe('the order the member’s tasks are shown in', () => {
  it('lists the tasks not done today first, then those done, each group in the server’s order', () => {
    const tasks = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    expect(doneTodayLast(tasks, ['a', 'c']).map((task) => task.id)).toEqual(['b', 'd', 'a', 'c']);
    expect(doneTodayLast(tasks, []).map((task) => task.id)).toEqual(['a', 'b', 'c', 'd']);
    // A task done today that the member may no longer view is simply not there.
    expect(doneTodayLast(tasks, ['gone']).map((task) => task.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
