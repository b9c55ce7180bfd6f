import { inviterSchema, listOrPageInput, referralCodeInput, referralPageSchema, referralSchema, referredUserSchema } from '@app/contracts';
import { z } from 'zod';
import { answerListOrPage, listOrPage } from '../lib/paging';
import { memberProcedure, moneyProcedure, mutation, publicProcedure, query, router } from '../trpc';
import { applyReferralCode, findInviter } from './code';
import { countReferrals, listReferrals, listReferredUsers } from './lists';

const referrals = listOrPage(referralSchema, referralPageSchema);
const referredUsers = listOrPage(referredUserSchema);

export const referralsRouter = router({
  code: query(memberProcedure, {
    openapi: { method: 'GET', path: '/referrals/code', tags: ['referrals'], summary: 'The member’s own referral code', protect: true },
    input: z.void(),
    output: z.object({ referralCode: z.string() }),
    run: (ctx) => ({ referralCode: ctx.user.referralCode }),
  }),

  list: query(memberProcedure, {
    openapi: {
      method: 'GET',
      path: '/referrals',
      tags: ['referrals'],
      summary: 'Friends the member invited, with bonuses, newest first: the latest 1000, or one page',
      protect: true,
    },
    input: listOrPageInput,
    output: referrals.output,
    run: (ctx, input) =>
      answerListOrPage(ctx, input, {
        read: (window) => listReferrals(ctx.db, ctx.user.id, window),
        count: () => countReferrals(ctx.db, ctx.user.id),
      }),
  }),

  referredUsers: query(memberProcedure, {
    openapi: {
      method: 'GET',
      path: '/referrals/referred-users',
      tags: ['referrals'],
      summary: 'The invited friends, newest first: the latest 1000, or one page',
      protect: true,
    },
    input: listOrPageInput,
    output: referredUsers.output,
    run: (ctx, input) =>
      answerListOrPage(ctx, input, {
        read: (window) => listReferredUsers(ctx.db, ctx.user.id, window),
        count: async () => ({ total: (await countReferrals(ctx.db, ctx.user.id)).total }),
      }),
  }),

  useCode: mutation(moneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: {
      method: 'POST',
      path: '/referrals/use-code',
      tags: ['referrals'],
      summary: 'Apply a sponsor’s referral code',
      protect: true,
    },
    input: referralCodeInput,
    output: referralSchema,
    run: (ctx, input) => applyReferralCode(ctx.db, ctx.user.id, input.referralCode, ctx.now()),
  }),

  inviter: query(publicProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: {
      method: 'GET',
      path: '/users/by-referral-code/{code}',
      tags: ['referrals'],
      summary: 'Who a referral code belongs to (masked)',
    },
    input: z.object({ code: z.string() }),
    output: inviterSchema,
    // Any string: the service answers a malformed code as an unknown one (no 400 that tells them apart).
    run: (ctx, input) => findInviter(ctx.db, input.code),
  }),
});
