import { okOutput, pushPublicKeyOutput, pushSubscribeInput, pushUnsubscribeInput } from '@app/contracts';
import { z } from 'zod';
import { memberProcedure, mutation, query, router } from '../trpc';
import { subscribePush, unsubscribePush } from './subscriptions';

export const pushRouter = router({
  publicKey: query(memberProcedure, {
    openapi: {
      method: 'GET',
      path: '/push/public-key',
      tags: ['push'],
      summary: 'The VAPID public key to subscribe a browser with (null: push notifications are off on this site)',
      protect: true,
    },
    input: z.void(),
    output: pushPublicKeyOutput,
    run: (ctx) => ({ publicKey: ctx.settings.push.publicKey }),
  }),

  subscribe: mutation(memberProcedure, {
    openapi: {
      method: 'POST',
      path: '/push/subscriptions',
      tags: ['push'],
      summary: 'Send the member’s notifications to this browser (its PushSubscription; the endpoint must be a browser’s push service)',
      protect: true,
    },
    input: pushSubscribeInput,
    output: okOutput,
    run: async (ctx, input) => {
      await subscribePush(ctx.db, ctx.settings.push, { userId: ctx.user.id, deviceId: ctx.req.deviceId }, input, ctx.now());
      return { ok: true as const };
    },
  }),

  unsubscribe: mutation(memberProcedure, {
    openapi: {
      method: 'POST',
      path: '/push/subscriptions/remove',
      tags: ['push'],
      summary: 'Stop sending the member’s notifications to this browser (idempotent)',
      protect: true,
    },
    input: pushUnsubscribeInput,
    output: okOutput,
    run: async (ctx, input) => {
      await unsubscribePush(ctx.db, ctx.user.id, input.endpoint);
      return { ok: true as const };
    },
  }),
});
