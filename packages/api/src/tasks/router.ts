import { completeTaskOutput, startTaskOutput, taskIdInput, taskListSchema, taskToViewSchema } from '@app/contracts';
import { acceptingPrepared } from '../lib/prepared';
import { memberProcedure, moneyProcedure, mutation, query, restEntries, router } from '../trpc';
import { completeView } from './complete';
import { startTask } from './start';
import { viewOptionsOf } from './view-clock';
import { listVisibleTasks, readTaskToView } from './visibility';

const rest = restEntries('tasks');

export const tasksRouter = router({
  list: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/tasks', 'Tasks visible to the member, with the reward they pay now'),
    output: acceptingPrepared(taskListSchema),
    run: (ctx) => listVisibleTasks(ctx, ctx.user, ctx.now()),
  }),

  get: query(memberProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: rest.signedIn('GET', '/tasks/{id}', 'One task as the member sees it (what the task browser shows), with the viewing time'),
    input: taskIdInput,
    output: taskToViewSchema,
    run: (ctx, input) => readTaskToView(ctx, ctx.user, input.id, ctx.now(), ctx.settings.taskViewSeconds),
  }),

  start: mutation(moneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: rest.signedIn('POST', '/tasks/{id}/start', 'Start viewing a task (proof of view)'),
    input: taskIdInput,
    output: startTaskOutput,
    run: (ctx, input) => startTask(ctx, ctx.user, input.id, viewOptionsOf(ctx)),
  }),

  complete: mutation(moneyProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: rest.signedIn('GET', '/tasks/{id}/redirect-complete', 'Credit a view that lasted long enough, once'),
    input: taskIdInput,
    output: completeTaskOutput,
    // A mutation for tRPC clients (never cached or refetched); the documented REST path is a GET.
    run: (ctx, input) => completeView(ctx, ctx.user, input.id, viewOptionsOf(ctx)),
  }),
});
