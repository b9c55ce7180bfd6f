import {
  COMMISSION_EDIT_MAX_CENTAVOS,
  commissionPayoutRequestInput,
  commissionPayoutSchema,
  commissionPayoutStatusInput,
  commissionStatsSchema,
  commissionStatsUpdateInput,
  fileOutput,
  formatPesos,
} from '@app/contracts';
import { actorOf } from '../admin-log/service';
import { answeringQueue } from '../lib/queue';
import { operatorPasskeyActor } from '../passkeys/owner';
import { passkeysRouter } from '../passkeys/router';
import {
  adminMoneyProcedure,
  mergeRouters,
  mutation,
  operatorMoneyProcedure,
  operatorOrAdminProcedure,
  operatorProcedure,
  query,
  restEntries,
  router,
} from '../trpc';
import { commissionAccessRouter } from './access-router';
import { listCommissionPayouts, requestCommissionPayout, setCommissionPayoutStatus } from './payouts';
import { readCommissionStats, updateCommissionStats } from './service';
import { commissionStatement } from './statement';

const rest = restEntries('commission');

/**
 * Every /api/admin/percentage call, under `commission` (docs/api-conventions.md#calls-the-apps-make). The operator's
 * dashboard uses its own session; the admin panel's % Payouts and % Dashboard tabs use an unlocked admin
 * session: `stats`, `payouts` and `statement` answer both, `requestPayout` and `passkeys` only the operator,
 * `setPayoutStatus` and `updateStats` only an admin (each writes an admin_logs row).
 */
export const commissionRouter = mergeRouters(
  commissionAccessRouter,
  router({
    stats: query(operatorOrAdminProcedure, {
      openapi: rest.signedIn('GET', '/admin/percentage/stats', 'Commission balance, earnings by source and the latest ledger rows'),
      output: commissionStatsSchema,
      run: (ctx) => readCommissionStats(ctx.db),
    }),

    requestPayout: mutation(operatorMoneyProcedure, {
      openapi: rest.signedIn('POST', '/admin/percentage/request-payout', 'The operator asks for a payout of at most the balance'),
      input: commissionPayoutRequestInput,
      output: commissionPayoutSchema,
      run: (ctx, input) => requestCommissionPayout(ctx.db, input, ctx.now()),
    }),

    payouts: query(operatorOrAdminProcedure, {
      openapi: rest.signedIn(
        'GET',
        '/admin/percentage/payouts',
        'Commission payout requests, newest first; paged and searchable by method, account details or status',
      ),
      ...answeringQueue('commission-payouts', commissionPayoutSchema, (ctx, window) => listCommissionPayouts(ctx, window)),
    }),

    /** Offer only the actions of `commissionPayoutActions(status)`; any other answers 409. */
    setPayoutStatus: mutation(adminMoneyProcedure, {
      refusals: ['NOT_FOUND', 'CONFLICT'],
      openapi: rest.signedIn(
        'POST',
        '/admin/percentage/payouts/{payoutId}/status',
        'Approve, reject (with a reason) or mark paid a commission payout; the fixed note of the action is recorded',
      ),
      input: commissionPayoutStatusInput,
      output: commissionPayoutSchema,
      run: (ctx, input) =>
        setCommissionPayoutStatus(ctx.db, input.payoutId, { target: input.status, reason: input.reason }, actorOf(ctx), ctx.now()),
    }),

    updateStats: mutation(adminMoneyProcedure, {
      refusals: ['CONFLICT'],
      openapi: rest.signedIn(
        'POST',
        '/admin/percentage/update-stats',
        `Correct the total balance and upgrade earnings (recorded as adjustments in the ledger), with the figures the admin saw (409 with the current ones when either moved) and a reason; each figure moves at most ${formatPesos(COMMISSION_EDIT_MAX_CENTAVOS)} and the balance is not raised above BALANCE_CEILING`,
      ),
      input: commissionStatsUpdateInput,
      output: commissionStatsSchema,
      run: (ctx, input) => updateCommissionStats(ctx.db, input, actorOf(ctx), ctx.settings.balanceCeiling),
    }),

    statement: query(operatorOrAdminProcedure, {
      openapi: rest.signedIn(
        'GET',
        '/admin/percentage/statement.csv',
        'CSV statement of the commission ledger with the balance after each line',
      ),
      download: true,
      output: fileOutput,
      run: (ctx) => commissionStatement(ctx.db, ctx.settings.timeZone, ctx.now()),
    }),

    passkeys: passkeysRouter({
      tier: operatorProcedure,
      moneyTier: operatorMoneyProcedure,
      actorOf: operatorPasskeyActor,
      path: '/admin/percentage/passkeys',
      tag: 'commission',
      owner: 'commission operator',
    }),
  }),
);
