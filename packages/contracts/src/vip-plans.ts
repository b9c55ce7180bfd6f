import { VIP_TRANSACTION_DIGITS } from './constants';
import { messages } from './messages';
import { amountString } from './money-schemas';
import { z } from './zod';

export const vipPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: amountString,
  /** Days the plan lasts once it starts (spec field name). */
  duration: z.number().int(),
  dailyTaskLimit: z.number().int(),
  rewardPerTask: amountString,
  benefits: z.array(z.string()),
});
export type VipPlan = z.infer<typeof vipPlanSchema>;

/** Non-digits are stripped, then exactly 13 digits must remain (spec/member.md section 5). */
export function normalizeTransactionProof(raw: string): string {
  return raw.replace(/\D/g, '');
}

export const transactionProofInput = z
  .string({ error: messages.vip.proofInvalid })
  .transform(normalizeTransactionProof)
  .refine((digits) => digits.length > 0, messages.vip.proofInvalid)
  .refine((digits) => digits.length === VIP_TRANSACTION_DIGITS, messages.vip.proofLength);

const planIdInput = z.string({ error: messages.vip.planRequired }).trim().min(1, messages.vip.planRequired).max(100);

export const vipUpgradeInput = z.object({
  vipTier: planIdInput,
  paymentInfo: z.object({ transactionProof: transactionProofInput }, { error: messages.vip.proofInvalid }),
});

export const vipUpgradeWithEarningsInput = z.object({ vipTier: planIdInput });
