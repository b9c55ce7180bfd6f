import { adminTaskCreateInput, adminTaskSchema, adminTaskUpdateInput } from '@app/contracts';
import { createTask, listAllTasks, updateTask } from '../tasks/admin-tasks';
import { router } from '../trpc';
import { curatedTableRows } from './curated-rows';

export const adminTasksRouter = router(
  curatedTableRows({
    path: '/admin/tasks',
    row: adminTaskSchema,
    list: { summary: 'Every task, on or off, newest first: the latest 1000, or one page', read: listAllTasks },
    create: { summary: 'Create a task', input: adminTaskCreateInput, edit: createTask },
    update: { summary: 'Edit a task, or enable or disable it', input: adminTaskUpdateInput, edit: updateTask },
  }),
);
