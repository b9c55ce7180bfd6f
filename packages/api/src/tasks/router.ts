import { completeTaskOutput, startTaskOutput, taskIdInput, taskListSchema, taskToViewSchema } from '@app/contracts';
import { z } from 'zod';
import { acceptingPrepared } from '../lib/prepared';
import { memberProcedure, moneyProcedure, mutation, query, router } from '../trpc';
import { completeView } from './complete';
import { startTask } from './start';
import { viewOptionsOf } from './view-clock';
import { listVisibleTasks, readTaskToView } from './visibility';

export const tasksRouter = router({
  list: query(memberProcedure, {
    openapi: {
      method: 'GET',
      path: '/tasks',
      tags: ['tasks'],
      summary: 'Tasks visible to the member, with the reward they pay now',
      protect: true,
    },
    input: z.void(),
    output: acceptingPrepared(taskListSchema),
    run: (ctx) => listVisibleTasks(ctx, ctx.user, ctx.now()),
  }),

  get: query(memberProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/tasks/{id}',
      tags: ['tasks'],
      summary: 'One task as the member sees it (what the task browser shows), with the viewing time',
      protect: true,
    },
    input: taskIdInput,
    output: taskToViewSchema,
    run: (ctx, input) => readTaskToView(ctx, ctx.user, input.id, ctx.now(), ctx.settings.taskViewSeconds),
  }),

  start: mutation(moneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: {
      method: 'POST',
      path: '/tasks/{id}/start',
      tags: ['tasks'],
      summary: 'Start viewing a task (proof of view)',
      protect: true,
    },
    input: taskIdInput,
    output: startTaskOutput,
    run: (ctx, input) => startTask(ctx, ctx.user, input.id, viewOptionsOf(ctx)),
  }),

  complete: mutation(moneyProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/tasks/{id}/redirect-complete',
      tags: ['tasks'],
      summary: 'Credit a view that lasted long enough, once',
      protect: true,
    },
    input: taskIdInput,
    output: completeTaskOutput,
    // A mutation for tRPC clients (never cached or refetched); the documented REST path is a GET.
    run: (ctx, input) => completeView(ctx, ctx.user, input.id, viewOptionsOf(ctx)),
  }),
});
