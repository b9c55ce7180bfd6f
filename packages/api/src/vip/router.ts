import { vipPaymentDetailsSchema, vipPlanSchema, vipStatusSchema, vipUpgradeInput, vipUpgradeWithEarningsInput } from '@app/contracts';
import { z } from 'zod';
import { readGcashPayee } from '../system-settings/service';
import { memberProcedure, moneyProcedure, mutation, query, restEntries, router } from '../trpc';
import { listActivePlans } from './plans';
import { readVipStatus, requestUpgrade, upgradeWithEarnings } from './service';

const rest = restEntries('vip');

export const vipRouter = router({
  status: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/vip/status', 'Tier, expiry, pending request and today’s task count'),
    output: vipStatusSchema,
    run: (ctx) => readVipStatus(ctx.db, ctx.user, ctx.now(), ctx.settings.timeZone),
  }),

  plans: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/vip/plans', 'The VIP plans on sale'),
    output: z.array(vipPlanSchema),
    run: (ctx) => listActivePlans(ctx),
  }),

  paymentDetails: query(memberProcedure, {
    openapi: rest.signedIn('GET', '/vip/payment-details', 'The G-CASH number and account name to pay a plan to (null until set)'),
    output: vipPaymentDetailsSchema,
    run: (ctx) => readGcashPayee(ctx),
  }),

  upgrade: mutation(moneyProcedure, {
    refusals: ['CONFLICT'],
    openapi: rest.signedIn('POST', '/vip/upgrade', 'Ask for a plan paid by G-CASH (13-digit reference)'),
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
    openapi: rest.signedIn('POST', '/vip/upgrade-with-earnings', 'Buy a plan from the available balance'),
    input: vipUpgradeWithEarningsInput,
    output: vipStatusSchema,
    run: (ctx, input) => upgradeWithEarnings(ctx.db, ctx.user.id, input.vipTier, { now: ctx.now(), timeZone: ctx.settings.timeZone }),
  }),
});
