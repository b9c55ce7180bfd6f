import { recordId } from './inputs';
import { amountString, pesosInput } from './money-schemas';
import { PAYOUT_STATUSES, payoutDestinationSchema } from './payouts';
import { memberRefFields } from './record-fields';
import { staffMessages } from './staff-messages';
import { memberText } from './text';
import { z } from './zod';

const m = staffMessages.admin;

export const pendingPayoutSchema = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  amount: amountString,
  paymentMethod: z.string(),
  /** The destination as stored and as the member restated it before sending: "0917 123 4567 · Juan Dela Cruz". */
  paymentDetails: z.string(),
  /** The destination as read; null for an old payout whose details could not be read (flagged). */
  destination: payoutDestinationSchema.nullable(),
  /** The key other payouts are compared by, masked ("0917•••4567"); null when unreadable. */
  maskedDestination: z.string().nullable(),
  status: z.enum(PAYOUT_STATUSES),
  createdAt: z.string(),
  /** The member's tier in force now: a VIP account or a regular one. */
  vipTier: z.string(),
  email: z.string(),
  /** What an admin should know before paying: a destination other accounts used or one that cannot be read, a payout hold. */
  flags: z.array(z.object({ code: z.string(), text: z.string() })),
  /** The other accounts that used this payout's destination. */
  linkedAccounts: z.array(z.object(memberRefFields)),
  /** How many accounts the member's cluster holds, the member included: 1 when alone (docs/product-rules.md#fraud-rules). */
  clusterSize: z.number().int().min(1),
});
export type PendingPayout = z.infer<typeof pendingPayoutSchema>;

const PAYOUT_DECISIONS = ['approved', 'declined'] as const;
export type PayoutDecision = (typeof PAYOUT_DECISIONS)[number];

/** What a transfer reference may hold once trimmed: a wallet's or a bank's reference as it shows it. */
const TRANSFER_REFERENCE_PATTERN = /^[\p{L}\p{Nd}][\p{L}\p{Nd} \-/.#]{2,38}[\p{L}\p{Nd}]$/u;

/**
 * The reference of the transfer an admin made to pay a payout (a G-CASH reference number, a bank's), which
 * the member matches in their wallet (docs/product-rules.md#notices-of-money): optional, trimmed, in NFKC,
 * invisible and direction characters refused as in every text members read; blank is none.
 */
export const transferReferenceInput = memberText(m.transferReferenceInvalid)
  .trim()
  .refine((reference) => reference === '' || TRANSFER_REFERENCE_PATTERN.test(reference), m.transferReferenceInvalid)
  .transform((reference) => reference || undefined)
  .meta({
    pattern: `^\\s*([\\p{L}\\p{Nd}][\\p{L}\\p{Nd} \\-/.#]{2,38}[\\p{L}\\p{Nd}])?\\s*$`,
    description:
      "The transfer's reference (a G-CASH reference number, a bank's), which the member is shown: 4 to 40 letters, digits, spaces and - / . #; blank is none.",
  });

/** How a payout is decided, alone or in a batch: approved, or declined with the reason its member is told. */
const payoutDecision = {
  status: z.enum(PAYOUT_DECISIONS, { error: m.payoutStatusInvalid }),
  reason: z
    .string({ error: m.declineReasonRequired })
    .trim()
    .max(500, m.reasonTooLong)
    .meta({ description: 'Required to decline; in a batch, every member is told it.' })
    .optional(),
};
const declineNamesReason = (input: { status: PayoutDecision; reason?: string | undefined }) =>
  input.status !== 'declined' || Boolean(input.reason);
const declineReasonIssue = { message: m.declineReasonRequired, path: ['reason'] };

/** A payout decision; a decline names why, an approval may carry the transfer's reference: the member sees both on the payout and in a notification. */
export const payoutDecisionInput = z
  .object({
    id: recordId,
    ...payoutDecision,
    transferReference: transferReferenceInput.optional(),
  })
  .refine(declineNamesReason, declineReasonIssue)
  .refine((input) => input.status !== 'declined' || !input.transferReference, {
    message: m.transferReferenceDeclined,
    path: ['transferReference'],
  });

/** The most payouts one batch decides, exports or marks sent: a page of the queue is 20, "all on this page" stays well within. */
export const PAYOUT_BATCH_MAX = 100;

/** A payout as the admin saw it in the queue: the batch refuses it as stale when it no longer looks so. */
const payoutSeen = z.object({
  id: recordId,
  /** The amount shown. */
  amount: pesosInput({ required: m.batchAmountRequired, invalid: m.batchAmountRequired }),
  /** The admin ticked it one by one while it showed flags (docs/product-rules.md#batch-decisions); a flagged payout sent without it is stale. */
  flagged: z.boolean({ error: m.batchFlaggedInvalid }).default(false),
});

/**
 * A batch of pending payouts decided the same way (docs/product-rules.md#batch-decisions): each in its own
 * transaction through the one decision, a decline with one reason for all. At most PAYOUT_BATCH_MAX, each once.
 */
export const payoutBatchInput = z
  .object({
    ...payoutDecision,
    payouts: z.array(payoutSeen, { error: m.batchEmpty }).min(1, m.batchEmpty).max(PAYOUT_BATCH_MAX, m.batchTooLarge(PAYOUT_BATCH_MAX)),
  })
  .refine(declineNamesReason, declineReasonIssue)
  .refine((input) => new Set(input.payouts.map((payout) => payout.id)).size === input.payouts.length, {
    message: m.batchDuplicate,
    path: ['payouts'],
  });

/** Why a batch left a payout undecided. */
export const PAYOUT_BATCH_REFUSALS = ['held', 'already_decided', 'stale', 'own_payout', 'not_found'] as const;
export type PayoutBatchRefusal = (typeof PAYOUT_BATCH_REFUSALS)[number];

export const payoutBatchResultSchema = z
  .object({
    status: z.enum(PAYOUT_DECISIONS),
    /** The payouts this batch decided, in the order given. */
    decided: z.array(z.object({ id: z.string(), amount: amountString, paymentMethod: z.string() })),
    /** The ones it left as they were, and why: `message` is the sentence the panel shows. */
    refused: z.array(z.object({ id: z.string(), code: z.enum(PAYOUT_BATCH_REFUSALS), message: z.string() })),
  })
  .meta({ id: 'PayoutBatchResult' });
export type PayoutBatchResult = z.infer<typeof payoutBatchResultSchema>;

/** One method's approved payouts not yet marked sent, the oldest PAYOUT_BATCH_MAX: what its export file holds. */
export const unsentPayoutsSchema = z
  .object({
    /** When they were read: the export of the same method `asOf` this holds exactly these payouts. */
    asOf: z.string(),
    methods: z.array(
      z.object({
        method: z.string(),
        count: z.number().int(),
        total: amountString,
        payoutIds: z.array(z.string()),
        /** More are waiting than one export holds: mark these sent, then export again. */
        more: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'UnsentPayouts' });
export type UnsentPayouts = z.infer<typeof unsentPayoutsSchema>;

export const unsentPayoutsExportInput = z.object({
  method: z.string({ error: m.exportMethodRequired }).trim().min(1, m.exportMethodRequired).max(40, m.exportMethodRequired),
  /** The `asOf` of the list the admin saw: payouts approved after it are left for the next export. */
  asOf: z.iso.datetime({ offset: true, error: m.exportAsOfInvalid }).optional(),
});

/** Marks exported payouts sent: the ids of the export, who and when are recorded. */
export const payoutsSentInput = z.object({
  ids: z
    .array(recordId, { error: m.batchEmpty })
    .min(1, m.batchEmpty)
    .max(PAYOUT_BATCH_MAX, m.batchTooLarge(PAYOUT_BATCH_MAX))
    .refine((ids) => new Set(ids).size === ids.length, m.batchDuplicate),
});

export const payoutsSentResultSchema = z
  .object({
    /** Marked sent now. */
    marked: z.array(z.string()),
    /** Left as they were: already marked sent, not approved, or no such payout. */
    skipped: z.array(z.object({ id: z.string(), code: z.enum(['already_sent', 'not_approved', 'not_found']) })),
  })
  .meta({ id: 'PayoutsSentResult' });
export type PayoutsSentResult = z.infer<typeof payoutsSentResultSchema>;

/** How much each admin queue holds: the console's navigation shows it beside each queue (docs/screens.md#admin-screens). */
export const adminQueueCountsSchema = z
  .object({
    pendingPayouts: z.number().int(),
    pendingVip: z.number().int(),
    heldReferrals: z.number().int(),
    /** Conversations with a member's message no admin has read. */
    unreadSupport: z.number().int(),
    /** Members whose risk score is high (docs/product-rules.md#fraud-rules). */
    riskHigh: z.number().int(),
    /** Approved payouts not yet marked sent. */
    unsentPayouts: z.number().int(),
  })
  .meta({ id: 'AdminQueueCounts' });
export type AdminQueueCounts = z.infer<typeof adminQueueCountsSchema>;
