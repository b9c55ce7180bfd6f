import { inviterSchema, referralCodeInput, referralPageSchema, referralSchema, referredUserSchema } from '@app/contracts';
import { z } from 'zod';
import { answeringListOrPage, listOrPage } from '../lib/paging';
import { memberProcedure, moneyProcedure, mutation, publicProcedure, query, restEntries, router } from '../trpc';
import { applyReferralCode, findInviter } from './code';
import { sponsorFriends, sponsorReferrals } from './lists';

const rest = restEntries('referrals');

const referrals = listOrPage(referralSchema, referralPageSchema);
const referredUsers = listOrPage(referredUserSchema);

export const referralsRouter = router({
  code: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/referrals/code', 'The member’s own referral code'),
    output: z.object({ referralCode: z.string() }),
    run: (ctx) => ({ referralCode: ctx.user.referralCode }),
  }),

  list: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/referrals', 'Friends the member invited, with bonuses, newest first: the latest 1000, or one page'),
    ...answeringListOrPage(referrals, (ctx) => sponsorReferrals(ctx.db, ctx.user.id)),
  }),

  referredUsers: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/referrals/referred-users', 'The invited friends, newest first: the latest 1000, or one page'),
    ...answeringListOrPage(referredUsers, (ctx) => sponsorFriends(ctx.db, ctx.user.id)),
  }),

  useCode: mutation(moneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: rest.signedIn('POST', '/referrals/use-code', 'Apply a sponsor’s referral code'),
    input: referralCodeInput,
    output: referralSchema,
    run: (ctx, input) => applyReferralCode(ctx.db, ctx.user.id, input.referralCode, ctx.now()),
  }),

  inviter: query(publicProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: rest.open('GET', '/users/by-referral-code/{code}', 'Who a referral code belongs to (masked)'),
    input: z.object({ code: z.string() }),
    output: inviterSchema,
    // Any string: the service answers a malformed code as an unknown one (no 400 that tells them apart).
    run: (ctx, input) => findInviter(ctx.db, input.code),
  }),
});
