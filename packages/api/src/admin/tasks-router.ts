import { adminTaskCreateInput, adminTaskSchema, adminTaskUpdateInput } from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { ADMIN_LIST_SIZES, answeringListOrPage, listOrPage } from '../lib/paging';
import { createTask, listAllTasks, updateTask } from '../tasks/admin-tasks';
import { adminCall, adminProcedure, mutation, query, router } from '../trpc';

const tasks = listOrPage(adminTaskSchema);

export const adminTasksRouter = router({
  list: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/tasks', 'Every task, on or off, newest first: the latest 1000, or one page'),
    ...answeringListOrPage(tasks, (ctx) => listAllTasks(ctx.db), ADMIN_LIST_SIZES),
  }),

  create: mutation(adminProcedure, {
    openapi: adminCall('POST', '/admin/tasks', 'Create a task'),
    input: adminTaskCreateInput,
    output: adminTaskSchema,
    run: (ctx, input) => createTask(ctx.db, input, actorOf(ctx), ctx.now()),
  }),

  update: mutation(adminProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: adminCall('PUT', '/admin/tasks/{id}', 'Edit a task, or enable or disable it'),
    input: adminTaskUpdateInput,
    output: adminTaskSchema,
    run: (ctx, input) => updateTask(ctx.db, input, actorOf(ctx), ctx.now()),
  }),
});
