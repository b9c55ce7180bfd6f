import {
  adminNotificationInput,
  adminNotificationListInput,
  adminNotificationSchema,
  notificationCreateInput,
  okOutput,
  recordIdInput,
} from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { ADMIN_LIST_SIZES, answerListOrPage, listOrPage } from '../lib/paging';
import { countAllNotifications, createNotification, deleteNotification, listAllNotifications } from '../notifications/service';
import { adminCall, adminProcedure, mutation, okWhenDone, query, router } from '../trpc';

const notifications = listOrPage(adminNotificationSchema);

/**
 * Notification management. Two of its paths sit beside the members' /notifications, but they are admin
 * calls and live here, under `admin`, where the authorization walk finds them.
 */
export const adminNotificationsRouter = router({
  all: query(adminProcedure, {
    openapi: adminCall(
      'GET',
      '/notifications/all',
      'Every notification (or the active ones), newest first, with read counts: the latest 1000, or one page',
    ),
    input: adminNotificationListInput,
    output: notifications.output,
    run: (ctx, input) => {
      const now = ctx.now();
      return answerListOrPage(
        ctx,
        input,
        {
          read: (window) => listAllNotifications(ctx.db, input.filter, now, window),
          count: async () => ({ total: await countAllNotifications(ctx.db, input.filter, now) }),
        },
        ADMIN_LIST_SIZES,
      );
    },
  }),

  create: mutation(adminProcedure, {
    openapi: adminCall('POST', '/notifications', 'Send a notification (notification screen: targetUserId)'),
    input: notificationCreateInput,
    output: adminNotificationSchema,
    run: (ctx, input) => createNotification(ctx.db, input, actorOf(ctx), ctx.now()),
  }),

  send: mutation(adminProcedure, {
    openapi: adminCall('POST', '/admin/notifications', 'Send a notification (panel and quick dialog: userId)'),
    input: adminNotificationInput,
    output: adminNotificationSchema,
    run: (ctx, input) => createNotification(ctx.db, input, actorOf(ctx), ctx.now()),
  }),

  remove: mutation(adminProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: adminCall('DELETE', '/notifications/{id}', 'Delete a notification'),
    input: recordIdInput,
    output: okOutput,
    run: (ctx, input) => okWhenDone(deleteNotification(ctx.db, input.id, actorOf(ctx))),
  }),
});
