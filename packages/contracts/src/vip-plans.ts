import { VIP_TRANSACTION_DIGITS, VIP_VALIDITY_DAYS } from './constants';
import { messages } from './messages';
import { type Centavos, parsePesos } from './money';
import { amountString } from './money-schemas';
import { staffMessages } from './staff-messages';
import { z } from './zod';

export const vipPlanSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    price: amountString,
    /** Days the plan lasts once it starts (spec field name). */
    duration: z.number().int(),
    dailyTaskLimit: z.number().int(),
    rewardPerTask: amountString,
    benefits: z.array(z.string()),
  })
  .meta({ id: 'VipPlan' });
export type VipPlan = z.infer<typeof vipPlanSchema>;

/**
 * What a plan can earn over its VIP_VALIDITY_DAYS at the full daily limit: reward per task x daily tasks x
 * days, the figure the VIP comparison puts beside the price (docs/screens.md#member-screens). A reward that
 * is not an amount earns nothing rather than a guess.
 */
export function planEarningsCentavos(plan: Pick<VipPlan, 'rewardPerTask' | 'dailyTaskLimit'>): Centavos {
  return (parsePesos(plan.rewardPerTask) ?? 0) * plan.dailyTaskLimit * VIP_VALIDITY_DAYS;
}

/** Non-digits are stripped, then exactly 13 digits must remain (docs/product-rules.md#validation). */
function normalizeTransactionProof(raw: string): string {
  return raw.replace(/\D/g, '');
}

const transactionProofInput = z
  .string({ error: messages.vip.proofInvalid })
  .transform(normalizeTransactionProof)
  .refine((digits) => digits.length > 0, messages.vip.proofInvalid)
  .refine((digits) => digits.length === VIP_TRANSACTION_DIGITS, messages.vip.proofLength)
  .meta({
    pattern: `^\\D*(\\d\\D*){${VIP_TRANSACTION_DIGITS}}$`,
    description: `The payment's reference: ${VIP_TRANSACTION_DIGITS} digits, anything else between them ignored.`,
  });

const planIdInput = z
  .string({ error: messages.vip.planRequired })
  .trim()
  .min(1, messages.vip.planRequired)
  .max(100)
  .meta({ description: 'The id of a plan GET /vip/plans lists.' });

/**
 * The form path of the G-CASH reference: a refusal about the reference (used already, or not 13 digits)
 * carries it as its `field` detail, and the payment dialog shows the refusal at that field.
 */
export const VIP_REFERENCE_FIELD = 'paymentInfo.transactionProof';

export const vipUpgradeInput = z.object({
  vipTier: planIdInput,
  paymentInfo: z.object({ transactionProof: transactionProofInput }, { error: messages.vip.proofInvalid }),
});

export const vipUpgradeWithEarningsInput = z.object({ vipTier: planIdInput });

/**
 * The payee's G-CASH number as admins type it (spaces and dashes allowed), stored as its 11 digits: a
 * Philippine mobile number, 09 and nine more digits.
 */
const gcashNumberInput = z
  .string({ error: staffMessages.admin.gcashNumberInvalid })
  .transform((raw) => raw.replace(/[\s-]/g, ''))
  .refine((digits) => /^09\d{9}$/.test(digits), staffMessages.admin.gcashNumberInvalid)
  .meta({
    pattern: '^[\\s-]*0[\\s-]*9([\\s-]*\\d){9}[\\s-]*$',
    description: 'A Philippine mobile number, 09 and nine more digits; spaces and dashes ignored.',
  });

/** The payee as the System settings set it: both parts, as members need both to pay. */
export const gcashPayeeInput = z.object({
  gcashNumber: gcashNumberInput,
  gcashName: z
    .string({ error: staffMessages.admin.gcashNameRequired })
    .trim()
    .min(1, staffMessages.admin.gcashNameRequired)
    .max(80, staffMessages.admin.gcashNameTooLong),
});

/**
 * The payee the demo data sets, so that VIP by G-CASH can be tried on a new database: marked as a demo in its
 * name, and named by the admin overview until an admin sets the real one.
 */
export const DEMO_GCASH_PAYEE = { gcashNumber: '09170000000', gcashName: 'DEMO PAYEE (not a real account)' } as const;

/** Whether the payee is the demo data's. */
export const isDemoGcashPayee = (payee: { gcashNumber: string | null; gcashName: string | null }): boolean =>
  payee.gcashNumber === DEMO_GCASH_PAYEE.gcashNumber && payee.gcashName === DEMO_GCASH_PAYEE.gcashName;

/** An 11-digit G-CASH number grouped as people read it aloud: 0917 123 4567. */
export function formatGcashNumber(digits: string): string {
  return digits.replace(/^(\d{4})(\d{3})(\d{4})$/, '$1 $2 $3');
}

/** The G-CASH payee members send a VIP plan's price to, as the System settings hold it; both null until an admin has set them. */
export const gcashPayeeFields = { gcashNumber: z.string().nullable(), gcashName: z.string().nullable() };

/** Where a member sends a VIP plan's price by G-CASH. */
export const vipPaymentDetailsSchema = z.object(gcashPayeeFields).meta({ id: 'VipPaymentDetails' });
export type VipPaymentDetails = z.infer<typeof vipPaymentDetailsSchema>;
