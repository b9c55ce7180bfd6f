import { notificationIdInput, notificationListOutput, okOutput } from '@app/contracts';
import { memberProcedure, mutation, okWhenDone, query, restEntries, router } from '../trpc';
import { listMemberNotifications, markNotificationRead } from './service';

const rest = restEntries('notifications');

export const notificationsRouter = router({
  list: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/notifications', 'The member’s unexpired notifications, newest first, with the unread count'),
    output: notificationListOutput,
    run: (ctx) => listMemberNotifications(ctx.db, ctx.user.id, ctx.now()),
  }),

  markRead: mutation(memberProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: rest.signedIn('POST', '/notifications/{id}/read', 'Mark a notification read (idempotent)'),
    input: notificationIdInput,
    output: okOutput,
    run: (ctx, input) => okWhenDone(markNotificationRead(ctx.db, ctx.user.id, input.id, ctx.now())),
  }),
});
