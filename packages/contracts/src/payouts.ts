import { PAYOUT_DETAILS_MAX_LENGTH, PAYOUT_MAX_CENTAVOS, PAYOUT_METHODS, PAYOUT_MIN_CENTAVOS } from './constants';
import { messages } from './messages';
import { hasExtraDecimals, parsePesos } from './money';
import { amountString } from './money-schemas';
import { z } from './zod';

const m = messages.payouts;

/**
 * The payout request form's rules (docs/product-rules.md#validation), checked in this order by the form and
 * again by the server, each with its spec text. `amount` leaves as centavos.
 */
export const payoutRequestInput = z.object({
  paymentMethod: z
    .string({ error: m.methodRequired })
    .trim()
    .min(1, m.methodRequired)
    .refine((method) => (PAYOUT_METHODS as readonly string[]).includes(method), m.methodUnknown),
  amount: z
    .union([z.string(), z.number()], { error: m.amountRequired })
    .refine((value) => String(value).trim() !== '', m.amountRequired)
    .transform((value, ctx) => {
      const centavos = parsePesos(value);
      if (centavos === null || centavos <= 0) {
        ctx.addIssue({ code: 'custom', message: hasExtraDecimals(value) ? messages.common.extraDecimals : m.amountPositive });
        return z.NEVER;
      }
      if (centavos < PAYOUT_MIN_CENTAVOS) {
        ctx.addIssue({ code: 'custom', message: m.minimum });
        return z.NEVER;
      }
      if (centavos > PAYOUT_MAX_CENTAVOS) {
        ctx.addIssue({ code: 'custom', message: m.maximum });
        return z.NEVER;
      }
      return centavos;
    }),
  paymentDetails: z.string({ error: m.detailsRequired }).trim().min(1, m.detailsRequired).max(PAYOUT_DETAILS_MAX_LENGTH, m.detailsTooLong),
});
export type PayoutRequestInput = z.input<typeof payoutRequestInput>;

export const PAYOUT_STATUSES = ['pending', 'approved', 'declined'] as const;

export const payoutSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  paymentMethod: z.string(),
  amount: amountString,
  paymentDetails: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  /** Requested, then approved or declined, with their dates. */
  timeline: z.array(z.object({ status: z.enum(['requested', 'approved', 'declined']), at: z.string(), note: z.string().nullable() })),
});
export type Payout = z.infer<typeof payoutSchema>;

/** Where each of the member's pending payouts stands in the queue, and how long approvals usually take. */
export const payoutQueueSchema = z.array(
  z.object({
    payoutId: z.string(),
    /** 1 for the oldest pending payout of everyone's. */
    position: z.number().int().min(1),
    /** How many payouts are pending in all. */
    queueLength: z.number().int().min(1),
    /** The median time from request to approval over the last 30 days, or null when none was approved. */
    medianApprovalSeconds: z.number().int().nullable(),
  }),
);
export type PayoutQueue = z.infer<typeof payoutQueueSchema>;

/** Proof of payment for visitors: what was paid out in the last 30 days, and how fast. */
export const payoutStatsSchema = z.object({
  paidCount: z.number().int(),
  paidTotal: amountString,
  medianApprovalSeconds: z.number().int().nullable(),
  /** When these figures were counted (they are cached for a minute). */
  asOf: z.string(),
});
export type PayoutStats = z.infer<typeof payoutStatsSchema>;
