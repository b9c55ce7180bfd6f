import { PAYOUT_DETAILS_MAX_LENGTH, PAYOUT_MAX_CENTAVOS, PAYOUT_METHODS, PAYOUT_MIN_CENTAVOS, type PayoutMethod } from './constants';
import {
  DESTINATION_FIELD_NAMES,
  type DestinationField,
  type DestinationFields,
  PAYOUT_BANKS,
  type PayoutDestination,
} from './destination-shapes';
import { readDestination, readPaymentDetails } from './destinations';
import { messages } from './messages';
import { formatAmount, hasExtraDecimals, parsePesos } from './money';
import { amountString, pesosInputDocument } from './money-schemas';
import { z } from './zod';

const m = messages.payouts;

const paymentMethod = z
  .string({ error: m.methodRequired })
  .trim()
  .min(1, m.methodRequired)
  .refine((method): method is PayoutMethod => (PAYOUT_METHODS as readonly string[]).includes(method), m.methodUnknown)
  .meta({ enum: [...PAYOUT_METHODS] });

/** Each destination field as typed: text, bounded; its method decides whether it is read (readDestination). */
const destinationFieldsInput = z.object(
  Object.fromEntries(
    DESTINATION_FIELD_NAMES.map((field) => [
      field,
      z.string({ error: m.destination.required[field] }).max(PAYOUT_DETAILS_MAX_LENGTH, m.detailsTooLong).optional(),
    ]),
  ) as Record<DestinationField, z.ZodOptional<z.ZodString>>,
);

interface RequestedDestination {
  paymentMethod: string;
  destination?: DestinationFields | undefined;
  paymentDetails?: string | undefined;
}

/**
 * The destination a request names (docs/product-rules.md#payout-destinations): its method's fields, or from an
 * old client one text of payment details read into the same fields. Neither given: the details are required.
 * A refusal is added to `ctx` at the field that holds it.
 */
function readRequestedDestination(input: RequestedDestination, ctx: z.RefinementCtx): PayoutDestination | null {
  const method = input.paymentMethod as PayoutMethod;
  const reading = input.destination
    ? readDestination(method, input.destination)
    : input.paymentDetails?.trim()
      ? readPaymentDetails(method, input.paymentDetails)
      : { refusal: m.detailsRequired, field: 'paymentDetails' as const };
  if ('value' in reading) return reading.value;
  const path = reading.field === 'paymentDetails' ? ['paymentDetails'] : ['destination', reading.field];
  ctx.addIssue({ code: 'custom', message: reading.refusal, path });
  return null;
}

/**
 * The payout request form's rules (docs/product-rules.md#validation), checked in this order by the form and
 * again by the server, each with its catalogue text. `amount` leaves as centavos, the destination as read
 * (PayoutDestination), whether it came as fields or as the documented `paymentDetails` text.
 */
export const payoutRequestInput = z
  .object({
    paymentMethod,
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
      })
      .meta(
        pesosInputDocument(`From ${formatAmount(PAYOUT_MIN_CENTAVOS)} to ${formatAmount(PAYOUT_MAX_CENTAVOS)}.`, {
          minimum: PAYOUT_MIN_CENTAVOS / 100,
          maximum: PAYOUT_MAX_CENTAVOS / 100,
        }),
      ),
    destination: destinationFieldsInput.optional(),
    /** The documented text form of the destination, for clients that do not send `destination`. */
    paymentDetails: z.string({ error: m.detailsRequired }).max(PAYOUT_DETAILS_MAX_LENGTH, m.detailsTooLong).optional(),
  })
  // Read even when the amount was refused, so that a form shows every field's problem at once; not when the
  // method or the fields themselves were refused, which leave nothing to read.
  .superRefine((input, ctx) => void readRequestedDestination(input, ctx), {
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      payload.issues.every((issue) => ['amount'].includes(String(issue.path?.[0]))),
  })
  .transform((input, ctx) => {
    const destination = readRequestedDestination(input, ctx);
    return destination ? { paymentMethod: input.paymentMethod as PayoutMethod, amount: input.amount, destination } : z.NEVER;
  });
export type PayoutRequestInput = z.input<typeof payoutRequestInput>;

/** A destination as stored and answered: its method's fields, a mobile number in E.164. */
export const payoutDestinationSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS),
    mobile: z.string().optional(),
    email: z.string().optional(),
    bank: z.enum(PAYOUT_BANKS).optional(),
    accountNumber: z.string().optional(),
    accountName: z.string().optional(),
    payId: z.string().optional(),
  })
  .meta({ id: 'PayoutDestination' });

export const PAYOUT_STATUSES = ['pending', 'approved', 'declined'] as const;

export const payoutSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    paymentMethod: z.string(),
    amount: amountString,
    /** The destination as the member and the admin read it: "0917 123 4567 · Juan Dela Cruz". */
    paymentDetails: z.string(),
    /** The destination as read; null for an old payout whose details could not be read. */
    destination: payoutDestinationSchema.nullable(),
    status: z.enum(PAYOUT_STATUSES),
    /** The reference of the transfer, as the approving admin gave it, for the member to match in their wallet; else null. */
    transferReference: z.string().nullable(),
    /** Requested, then approved or declined, with their dates. */
    timeline: z.array(z.object({ status: z.enum(['requested', 'approved', 'declined']), at: z.string(), note: z.string().nullable() })),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof payoutSchema>;

/** Where each of the member's pending payouts stands in the queue, and how long approvals usually take. */
export const payoutQueueSchema = z
  .array(
    z.object({
      payoutId: z.string(),
      /** 1 for the oldest pending payout of everyone's. */
      position: z.number().int().min(1),
      /** How many payouts are pending in all. */
      queueLength: z.number().int().min(1),
      /** The median time from request to approval over the last 30 days, or null when none was approved. */
      medianApprovalSeconds: z.number().int().nullable(),
    }),
  )
  .meta({ id: 'PayoutQueue' });
export type PayoutQueue = z.infer<typeof payoutQueueSchema>;

/** Proof of payment for visitors: what was paid out in the last 30 days, and how fast. */
export const payoutStatsSchema = z
  .object({
    paidCount: z.number().int(),
    paidTotal: amountString,
    medianApprovalSeconds: z.number().int().nullable(),
    /** When these figures were counted (they are cached for a minute). */
    asOf: z.string(),
  })
  .meta({ id: 'PayoutStats' });
export type PayoutStats = z.infer<typeof payoutStatsSchema>;
