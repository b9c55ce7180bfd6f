import { completeTaskOutput, messages, startTaskOutput, taskIdInput, taskListSchema, taskToViewSchema } from '@app/contracts';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import { acceptingPrepared } from '../lib/prepared';
import { memberProcedure, moneyProcedure, router } from '../trpc';
import { completeView, findVisibleTask, listVisibleTasks, startView, type ViewClock } from './service';

const viewClock = (ctx: Pick<Context, 'settings' | 'now'>): ViewClock =>
  ctx.settings.viewClock === 'database' ? { source: 'database' } : { source: 'server', now: ctx.now() };

export const tasksRouter = router({
  list: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/tasks',
        tags: ['tasks'],
        summary: 'Tasks visible to the member, with the reward they pay now',
        protect: true,
      },
    })
    .input(z.void())
    .output(acceptingPrepared(taskListSchema))
    .query(({ ctx }) => listVisibleTasks(ctx, ctx.user, ctx.now())),

  get: memberProcedure
    .meta({
      refusals: ['NOT_FOUND'],
      openapi: {
        method: 'GET',
        path: '/tasks/{id}',
        tags: ['tasks'],
        summary: 'One task as the member sees it (what the task browser shows), with the viewing time',
        protect: true,
      },
    })
    .input(taskIdInput)
    .output(taskToViewSchema)
    .query(async ({ ctx, input }) => {
      const task = await findVisibleTask(ctx, ctx.user, input.id, ctx.now());
      if (!task) throw notFound(messages.tasks.notFound);
      return { ...task, durationSeconds: ctx.settings.taskViewSeconds };
    }),

  start: moneyProcedure
    .meta({
      refusals: ['NOT_FOUND', 'CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/tasks/{id}/start',
        tags: ['tasks'],
        summary: 'Start viewing a task (proof of view)',
        protect: true,
      },
    })
    .input(taskIdInput)
    .output(startTaskOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await startView(ctx, ctx.user, input.id, {
        now: ctx.now(),
        timeZone: ctx.settings.timeZone,
        viewSeconds: ctx.settings.taskViewSeconds,
        clock: viewClock(ctx),
      });
      if (!result.ok && result.reason === 'task-not-found') throw notFound(messages.tasks.notFound);
      if (!result.ok && result.reason === 'start-race') throw conflict(messages.tasks.startRace);
      if (!result.ok && result.collected) {
        // The earlier view was credited all the same: the refusal names it, for the page and for the books.
        const { taskId, reward } = result.collected;
        throw new AppError('FORBIDDEN', messages.tasks.dailyLimitReachedAfterCollect(reward), {
          details: { collectedTaskId: taskId, collectedReward: reward },
        });
      }
      if (!result.ok) throw forbidden(messages.tasks.dailyLimitReached);
      return {
        viewId: result.viewId,
        startedAt: result.startedAt.toISOString(),
        durationSeconds: ctx.settings.taskViewSeconds,
        collected: result.collected,
      };
    }),

  complete: moneyProcedure
    .meta({
      refusals: ['NOT_FOUND'],
      openapi: {
        method: 'GET',
        path: '/tasks/{id}/redirect-complete',
        tags: ['tasks'],
        summary: 'Credit a view that lasted long enough, once',
        protect: true,
      },
    })
    .input(taskIdInput)
    .output(completeTaskOutput)
    // A mutation for tRPC clients (never cached or refetched); the documented REST path is a GET.
    .mutation(({ ctx, input }) =>
      completeView(ctx, ctx.user, input.id, {
        now: ctx.now(),
        timeZone: ctx.settings.timeZone,
        viewSeconds: ctx.settings.taskViewSeconds,
        clock: viewClock(ctx),
      }),
    ),
});
