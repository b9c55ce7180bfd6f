import { vipPaymentDetailsSchema, vipPlanSchema, vipStatusSchema, vipUpgradeInput, vipUpgradeWithEarningsInput } from '@app/contracts';
import { z } from 'zod';
import { readGcashPayee } from '../system-settings/service';
import { memberProcedure, moneyProcedure, mutation, query, router } from '../trpc';
import { listActivePlans } from './plans';
import { readVipStatus, requestUpgrade, upgradeWithEarnings } from './service';

export const vipRouter = router({
  status: query(memberProcedure, {
    openapi: {
      method: 'GET',
      path: '/vip/status',
      tags: ['vip'],
      summary: 'Tier, expiry, pending request and today’s task count',
      protect: true,
    },
    input: z.void(),
    output: vipStatusSchema,
    run: (ctx) => readVipStatus(ctx.db, ctx.user, ctx.now(), ctx.settings.timeZone),
  }),

  plans: query(memberProcedure, {
    openapi: { method: 'GET', path: '/vip/plans', tags: ['vip'], summary: 'The VIP plans on sale', protect: true },
    input: z.void(),
    output: z.array(vipPlanSchema),
    run: (ctx) => listActivePlans(ctx),
  }),

  paymentDetails: query(memberProcedure, {
    openapi: {
      method: 'GET',
      path: '/vip/payment-details',
      tags: ['vip'],
      summary: 'The G-CASH number and account name to pay a plan to (null until set)',
      protect: true,
    },
    input: z.void(),
    output: vipPaymentDetailsSchema,
    run: (ctx) => readGcashPayee(ctx),
  }),

  upgrade: mutation(moneyProcedure, {
    refusals: ['CONFLICT'],
    openapi: {
      method: 'POST',
      path: '/vip/upgrade',
      tags: ['vip'],
      summary: 'Ask for a plan paid by G-CASH (13-digit reference)',
      protect: true,
    },
    input: vipUpgradeInput,
    output: vipStatusSchema,
    run: async (ctx, input) =>
      requestUpgrade(
        ctx.db,
        ctx.user.id,
        input.vipTier,
        input.paymentInfo.transactionProof,
        { now: ctx.now(), timeZone: ctx.settings.timeZone },
        await readGcashPayee(ctx),
      ),
  }),

  upgradeWithEarnings: mutation(moneyProcedure, {
    refusals: ['CONFLICT'],
    openapi: {
      method: 'POST',
      path: '/vip/upgrade-with-earnings',
      tags: ['vip'],
      summary: 'Buy a plan from the available balance',
      protect: true,
    },
    input: vipUpgradeWithEarningsInput,
    output: vipStatusSchema,
    run: (ctx, input) => upgradeWithEarnings(ctx.db, ctx.user.id, input.vipTier, { now: ctx.now(), timeZone: ctx.settings.timeZone }),
  }),
});
