import { notificationIdInput, notificationListOutput, okOutput } from '@app/contracts';
import { z } from 'zod';
import { memberProcedure, mutation, query, router } from '../trpc';
import { listMemberNotifications, markNotificationRead } from './service';

export const notificationsRouter = router({
  list: query(memberProcedure, {
    openapi: {
      method: 'GET',
      path: '/notifications',
      tags: ['notifications'],
      summary: 'The member’s unexpired notifications, newest first, with the unread count',
      protect: true,
    },
    input: z.void(),
    output: notificationListOutput,
    run: (ctx) => listMemberNotifications(ctx.db, ctx.user.id, ctx.now()),
  }),

  markRead: mutation(memberProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: {
      method: 'POST',
      path: '/notifications/{id}/read',
      tags: ['notifications'],
      summary: 'Mark a notification read (idempotent)',
      protect: true,
    },
    input: notificationIdInput,
    output: okOutput,
    run: async (ctx, input) => {
      await markNotificationRead(ctx.db, ctx.user.id, input.id, ctx.now());
      return { ok: true as const };
    },
  }),
});
