import { messages } from './messages';
import { amountString } from './money-schemas';
import { z } from './zod';

export const REFERRAL_STATUSES = ['pending', 'completed', 'paid'] as const;

export const referralCodeInput = z.object({
  referralCode: z
    .string({ error: messages.referrals.codeRequired })
    .trim()
    .min(1, messages.referrals.codeRequired)
    .max(64, messages.referrals.codeUnknown)
    .transform((code) => code.toUpperCase()),
});

export const referralSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  referralCode: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  referredUserId: z.string(),
  /** What the sponsor has been credited for this friend so far. */
  reward: amountString,
  referredName: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;

export const referredUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(REFERRAL_STATUSES),
});

export const inviterSchema = z.object({ email: z.string(), firstName: z.string().nullable() });

/** "juan@example.com" -> "j***@example.com": enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
