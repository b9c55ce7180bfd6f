import { vipPaymentDetailsSchema, vipPlanSchema, vipStatusSchema, vipUpgradeInput, vipUpgradeWithEarningsInput } from '@app/contracts';
import { z } from 'zod';
import { readGcashPayee } from '../system-settings/service';
import { memberProcedure, moneyProcedure, router } from '../trpc';
import { listActivePlans } from './plans';
import { readVipStatus, requestUpgrade, upgradeWithEarnings } from './service';

export const vipRouter = router({
  status: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/vip/status',
        tags: ['vip'],
        summary: 'Tier, expiry, pending request and today’s task count',
        protect: true,
      },
    })
    .input(z.void())
    .output(vipStatusSchema)
    .query(({ ctx }) => readVipStatus(ctx.db, ctx.user, ctx.now(), ctx.settings.timeZone)),

  plans: memberProcedure
    .meta({ openapi: { method: 'GET', path: '/vip/plans', tags: ['vip'], summary: 'The VIP plans on sale', protect: true } })
    .input(z.void())
    .output(z.array(vipPlanSchema))
    .query(({ ctx }) => listActivePlans(ctx)),

  paymentDetails: memberProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/vip/payment-details',
        tags: ['vip'],
        summary: 'The G-CASH number and account name to pay a plan to (null until set)',
        protect: true,
      },
    })
    .input(z.void())
    .output(vipPaymentDetailsSchema)
    .query(({ ctx }) => readGcashPayee(ctx)),

  upgrade: moneyProcedure
    .meta({
      refusals: ['CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/vip/upgrade',
        tags: ['vip'],
        summary: 'Ask for a plan paid by G-CASH (13-digit reference)',
        protect: true,
      },
    })
    .input(vipUpgradeInput)
    .output(vipStatusSchema)
    .mutation(async ({ ctx, input }) =>
      requestUpgrade(
        ctx.db,
        ctx.user.id,
        input.vipTier,
        input.paymentInfo.transactionProof,
        { now: ctx.now(), timeZone: ctx.settings.timeZone },
        await readGcashPayee(ctx),
      ),
    ),

  upgradeWithEarnings: moneyProcedure
    .meta({
      refusals: ['CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/vip/upgrade-with-earnings',
        tags: ['vip'],
        summary: 'Buy a plan from the available balance',
        protect: true,
      },
    })
    .input(vipUpgradeWithEarningsInput)
    .output(vipStatusSchema)
    .mutation(({ ctx, input }) =>
      upgradeWithEarnings(ctx.db, ctx.user.id, input.vipTier, { now: ctx.now(), timeZone: ctx.settings.timeZone }),
    ),
});
