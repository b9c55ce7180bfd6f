import { COMMISSION_EDIT_MAX_CENTAVOS, COMMISSION_PAYOUT_METHODS, PAYOUT_DETAILS_MAX_LENGTH } from './constants';
import { recordId, requiredReason, storable } from './inputs';
import { formatPesos } from './money';
import { amountString, pesosInput } from './money-schemas';
import { staffMessages } from './staff-messages';
import { z } from './zod';

const m = staffMessages.commission;

// --- Commission payouts: states and transitions (docs/screens.md#states) --------------------------

const COMMISSION_PAYOUT_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export type CommissionPayoutStatus = (typeof COMMISSION_PAYOUT_STATUSES)[number];

/** The statuses an admin may set; a request starts as pending and never returns to it. */
const COMMISSION_PAYOUT_TARGETS = ['approved', 'rejected', 'paid'] as const;
export type CommissionPayoutTarget = (typeof COMMISSION_PAYOUT_TARGETS)[number];

/**
 * The statuses each target may be reached from: pending goes to rejected, approved or paid; approved
 * goes to paid; rejected and paid are final. The server refuses anything else with 409.
 */
export const COMMISSION_PAYOUT_TRANSITIONS: Record<CommissionPayoutTarget, readonly CommissionPayoutStatus[]> = {
  rejected: ['pending'],
  approved: ['pending'],
  paid: ['pending', 'approved'],
};

/** The actions an admin is offered for a payout in this status, in the panel's order. */
export function commissionPayoutActions(status: CommissionPayoutStatus): CommissionPayoutTarget[] {
  return COMMISSION_PAYOUT_TARGETS.filter((target) => COMMISSION_PAYOUT_TRANSITIONS[target].includes(status));
}

// --- Inputs ----------------------------------------------------------------------------------------

/**
 * The operator's payout request (docs/product-rules.md#validation), checked by the dialog and again by the
 * server, which also holds the amount to the balance. `amount` leaves as centavos.
 */
export const commissionPayoutRequestInput = z.object({
  amount: pesosInput({ required: m.amountRequired, invalid: m.amountInvalid }).refine((centavos) => centavos > 0, m.amountInvalid),
  paymentMethod: z
    .string({ error: m.methodRequired })
    .trim()
    .min(1, m.methodRequired)
    .refine((method) => (COMMISSION_PAYOUT_METHODS as readonly string[]).includes(method), m.methodUnknown)
    .meta({ enum: [...COMMISSION_PAYOUT_METHODS] }),
  accountDetails: z.string({ error: m.detailsRequired }).trim().min(1, m.detailsRequired).max(PAYOUT_DETAILS_MAX_LENGTH, m.detailsTooLong),
});
export type CommissionPayoutRequestInput = z.input<typeof commissionPayoutRequestInput>;

/**
 * An admin's action on a commission payout. Each action records its fixed note (docs/screens.md#states),
 * so the record always says what was done; a rejection also needs the reason, which the operator reads
 * after the note.
 */
const commissionReason = storable(z.string({ error: m.rejectReasonRequired }).trim().max(500, m.reasonTooLong))
  .meta({ description: 'Required to reject (as reason or notes).' })
  .optional();

export const commissionPayoutStatusInput = z
  .object({
    payoutId: recordId,
    status: z.enum(COMMISSION_PAYOUT_TARGETS, { error: m.statusInvalid }),
    reason: commissionReason,
    /** The documented REST body's name for the reason; `reason` wins when both are given. */
    notes: commissionReason,
  })
  .transform(({ notes, ...input }) => ({ ...input, reason: input.reason || notes || undefined }))
  .refine((input) => input.status !== 'rejected' || Boolean(input.reason), { message: m.rejectReasonRequired, path: ['reason'] });

const statsFigure = pesosInput({ required: m.statsInvalid, invalid: m.statsInvalid });
const seenFigure = pesosInput({ required: m.expectedFiguresRequired, invalid: m.statsInvalid });

/** Each figure the editor sets, with the figure the admin saw that it is checked against. */
const EDITED_FIGURES = [
  ['totalBalance', 'expectedTotalBalance'],
  ['upgradeEarnings', 'expectedUpgradeEarnings'],
] as const;

/**
 * The % Dashboard's statistics editor (docs/product-rules.md#commission): the two figures as they should
 * read afterwards, the two the admin saw (409 when either has moved since, so an earning or a payout is
 * never silently undone) and why. A figure may move by at most COMMISSION_EDIT_MAX_CENTAVOS from what the
 * admin saw, which is what it is now whenever the edit goes through; the balance ceiling is configuration,
 * so the server holds the result to it.
 */
export const commissionStatsUpdateInput = z
  .object({
    totalBalance: statsFigure,
    upgradeEarnings: statsFigure,
    expectedTotalBalance: seenFigure,
    expectedUpgradeEarnings: seenFigure,
    reason: requiredReason(m.statsReasonRequired),
  })
  .superRefine((input, ctx) => {
    for (const [figure, seen] of EDITED_FIGURES) {
      if (Math.abs(input[figure] - input[seen]) > COMMISSION_EDIT_MAX_CENTAVOS) {
        ctx.addIssue({ code: 'custom', message: m.statsEditTooLarge(formatPesos(COMMISSION_EDIT_MAX_CENTAVOS)), path: [figure] });
      }
    }
  });
/** A stats edit as the server takes it: the figures in centavos, the reason trimmed. */
export type CommissionStatsEdit = z.output<typeof commissionStatsUpdateInput>;

// --- Outputs (docs/screens.md#records) -------------------------------------------------------------

export const commissionPayoutSchema = z
  .object({
    id: z.string(),
    amount: amountString,
    paymentMethod: z.string(),
    accountDetails: z.string(),
    status: z.enum(COMMISSION_PAYOUT_STATUSES),
    requestedAt: z.string(),
    /** When it was rejected or paid; null while pending or approved. */
    processedAt: z.string().nullable(),
    /** The fixed note of the last action; null while pending. */
    notes: z.string().nullable(),
  })
  .meta({ id: 'CommissionPayout' });
export type CommissionPayout = z.infer<typeof commissionPayoutSchema>;

/**
 * One row of the commission ledger. `type` is the figure it counts towards: an earned VIP upgrade or
 * payout commission, or an admin's adjustment of that figure (then signed, and said so in `description`).
 */
const commissionTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(['upgrade', 'payout']),
  description: z.string(),
  date: z.string(),
  amount: amountString,
});
export type CommissionTransaction = z.infer<typeof commissionTransactionSchema>;

export const commissionStatsSchema = z
  .object({
    /** All commission earned, plus adjustments, minus the commission payouts not rejected. */
    totalBalance: amountString,
    /** VIP upgrade commission earned, plus its adjustments. */
    upgradeEarnings: amountString,
    /**
     * totalBalance minus upgradeEarnings, as the operator's figures define it: payout commission and its adjustments,
     * less what has been paid out, so it goes below zero once payouts exceed the payout commission.
     */
    payoutEarnings: amountString,
    /** VIP upgrades that earned commission. */
    totalUpgrades: z.number().int(),
    /** Approved member payouts that earned commission. */
    totalPayouts: z.number().int(),
    /** The latest ledger rows, newest first. */
    recentTransactions: z.array(commissionTransactionSchema),
  })
  .meta({ id: 'CommissionStats' });
export type CommissionStats = z.infer<typeof commissionStatsSchema>;
