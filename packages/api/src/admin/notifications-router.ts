import { adminNotificationInput, adminNotificationSchema, notificationCreateInput, okOutput, recordIdInput } from '@app/contracts';
import { z } from 'zod';
import { actorOf } from '../activity/service';
import { createNotification, deleteNotification, listAllNotifications } from '../notifications/service';
import { adminProcedure, router } from '../trpc';

/**
 * Notification management. Two of its paths sit beside the members' /notifications, but they are admin
 * calls and live here, under `admin`, where the authorization walk finds them.
 */
export const adminNotificationsRouter = router({
  all: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/notifications/all',
        tags: ['admin'],
        summary: 'Every notification, with read counts',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(adminNotificationSchema))
    .query(({ ctx }) => listAllNotifications(ctx.db)),

  create: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/notifications',
        tags: ['admin'],
        summary: 'Send a notification (notification screen: targetUserId)',
        protect: true,
      },
    })
    .input(notificationCreateInput)
    .output(adminNotificationSchema)
    .mutation(({ ctx, input }) => createNotification(ctx.db, input, actorOf(ctx), ctx.now())),

  send: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/notifications',
        tags: ['admin'],
        summary: 'Send a notification (panel and quick dialog: userId)',
        protect: true,
      },
    })
    .input(adminNotificationInput)
    .output(adminNotificationSchema)
    .mutation(({ ctx, input }) => createNotification(ctx.db, input, actorOf(ctx), ctx.now())),

  remove: adminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/notifications/{id}', tags: ['admin'], summary: 'Delete a notification', protect: true } })
    .input(recordIdInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await deleteNotification(ctx.db, input.id, actorOf(ctx));
      return { ok: true as const };
    }),
});
