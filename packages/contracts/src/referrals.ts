import { messages } from './messages';
import { amountString } from './money-schemas';
import { z } from './zod';

const REFERRAL_STATUSES = ['pending', 'completed', 'paid', 'held', 'rejected'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** How a referral's status reads to its sponsor: a held bonus waits for an admin's review. */
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  paid: 'Paid',
  held: 'Under review',
  rejected: 'Rejected',
};

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
  /** Bonuses earned but held for an admin's review (status held). */
  heldReward: amountString,
  /** The admin's reason when a held bonus was refused (status rejected). */
  reviewNote: z.string().nullable(),
  /** The friend as their sponsor may see them: first name and initial, else the masked e-mail. */
  referredName: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;

/** A friend the member invited, never by full name or e-mail (masked as on the invite page). */
export const referredUserSchema = z.object({
  id: z.string(),
  name: z.string(),
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
