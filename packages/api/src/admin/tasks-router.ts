import { adminTaskCreateInput, adminTaskSchema, adminTaskUpdateInput } from '@app/contracts';
import { z } from 'zod';
import { actorOf } from '../activity/service';
import { createTask, listAllTasks, updateTask } from '../tasks/service';
import { adminProcedure, router } from '../trpc';

export const adminTasksRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/tasks', tags: ['admin'], summary: 'Every task, on or off', protect: true } })
    .input(z.void())
    .output(z.array(adminTaskSchema))
    .query(({ ctx }) => listAllTasks(ctx.db)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/admin/tasks', tags: ['admin'], summary: 'Create a task', protect: true } })
    .input(adminTaskCreateInput)
    .output(adminTaskSchema)
    .mutation(({ ctx, input }) => createTask(ctx.db, input, actorOf(ctx), ctx.now())),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/tasks/{id}',
        tags: ['admin'],
        summary: 'Edit a task, or enable or disable it',
        protect: true,
      },
    })
    .input(adminTaskUpdateInput)
    .output(adminTaskSchema)
    .mutation(({ ctx, input }) => updateTask(ctx.db, input, actorOf(ctx), ctx.now())),
});
