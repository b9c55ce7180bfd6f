import {
  adminPageInput,
  heldReferralSchema,
  page,
  payoutHoldInput,
  payoutHoldSchema,
  recordIdInput,
  referralReviewInput,
  riskQueueItemSchema,
  userRiskReviewSchema,
} from '@app/contracts';
import { z } from 'zod';
import { actorOf } from '../admin-log/service';
import { answeringAdminList } from '../lib/queue';
import { listAllHeldReferrals, listAllRiskQueue, readUserRisk, reviewReferral, setPayoutHold } from '../risk/review';
import { adminCall, adminMoneyProcedure, adminProcedure, mutation, query, router } from '../trpc';

/** The fraud review: the risk queue, one member's links, payout holds and held referral bonuses. */
export const adminRiskRouter = router({
  queue: query(adminProcedure, {
    openapi: adminCall('GET', '/admin/risk/users', 'Members by risk score, highest first, with the reasons'),
    ...answeringAdminList('risk', adminPageInput, page(riskQueueItemSchema), (ctx, input) => listAllRiskQueue(ctx.db, input)),
  }),

  user: query(adminProcedure, {
    refusals: ['NOT_FOUND'],
    openapi: adminCall('GET', '/admin/users/{id}/risk', 'A member’s risk score, reasons and linked accounts (shared values masked)'),
    input: recordIdInput,
    output: userRiskReviewSchema,
    run: (ctx, input) => readUserRisk(ctx.db, input.id, ctx.now()),
  }),

  holdPayouts: mutation(adminMoneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: adminCall('POST', '/admin/users/{id}/payout-hold', 'Hold or release a member’s payouts, with a reason'),
    input: payoutHoldInput,
    output: z.object({ userId: z.string(), payoutHold: payoutHoldSchema }),
    run: (ctx, input) => setPayoutHold(ctx.db, { userId: input.id, hold: input.hold, reason: input.reason }, actorOf(ctx), ctx.now()),
  }),

  heldReferrals: query(adminProcedure, {
    openapi: adminCall(
      'GET',
      '/admin/risk/held-referrals',
      'Referral bonuses held because the friend is linked to the sponsor, oldest first',
    ),
    ...answeringAdminList('held-referrals', adminPageInput, page(heldReferralSchema), (ctx, input) => listAllHeldReferrals(ctx.db, input)),
  }),

  reviewReferral: mutation(adminMoneyProcedure, {
    refusals: ['NOT_FOUND', 'CONFLICT'],
    openapi: adminCall('POST', '/admin/referrals/{id}/review', 'Pay a held referral bonus, or refuse it with a reason the sponsor sees'),
    input: referralReviewInput,
    output: z.object({ id: z.string(), status: z.enum(['completed', 'paid', 'rejected']) }),
    run: (ctx, input) =>
      reviewReferral(ctx.db, { referralId: input.id, decision: input.decision, reason: input.reason ?? null }, actorOf(ctx), ctx.now()),
  }),
});
