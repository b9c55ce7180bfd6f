import { okOutput, pushPublicKeyOutput, pushSubscribeInput, pushUnsubscribeInput } from '@app/contracts';
import { memberProcedure, mutation, okWhenDone, query, restEntries, router } from '../trpc';
import { subscribePush, unsubscribePush } from './subscriptions';

const rest = restEntries('push');

export const pushRouter = router({
  publicKey: query(memberProcedure, {
    openapi: rest.signedIn(
      'GET',
      '/push/public-key',
      'The VAPID public key to subscribe a browser with (null: push notifications are off on this site)',
    ),
    output: pushPublicKeyOutput,
    run: (ctx) => ({ publicKey: ctx.settings.push.publicKey }),
  }),

  subscribe: mutation(memberProcedure, {
    openapi: rest.signedIn(
      'POST',
      '/push/subscriptions',
      'Send the member’s notifications to this browser (its PushSubscription; the endpoint must be a browser’s push service)',
    ),
    input: pushSubscribeInput,
    output: okOutput,
    run: (ctx, input) =>
      okWhenDone(subscribePush(ctx.db, ctx.settings.push, { userId: ctx.user.id, deviceId: ctx.req.deviceId }, input, ctx.now())),
  }),

  unsubscribe: mutation(memberProcedure, {
    openapi: rest.signedIn('POST', '/push/subscriptions/remove', 'Stop sending the member’s notifications to this browser (idempotent)'),
    input: pushUnsubscribeInput,
    output: okOutput,
    run: (ctx, input) => okWhenDone(unsubscribePush(ctx.db, ctx.user.id, input.endpoint)),
  }),
});
