import { messages } from './messages';
import { amountString } from './money-schemas';
import { page } from './paging-schemas';
import { memberText } from './text';
import { z } from './zod';

const REFERRAL_STATUSES = ['pending', 'awaiting_payout', 'completed', 'paid', 'held', 'rejected'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const referralCodeInput = z.object({
  referralCode: memberText(messages.referrals.codeRequired)
    .trim()
    .min(1, messages.referrals.codeRequired)
    .max(64, messages.referrals.codeUnknown)
    .transform((code) => code.toUpperCase()),
});

export const referralSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    referralCode: z.string(),
    status: z.enum(REFERRAL_STATUSES),
    referredUserId: z.string(),
    /** What the sponsor has been credited for this friend so far: available to pay out. */
    reward: amountString,
    /** Bonuses credited pending (status awaiting_payout): not available until the friend's first payout is approved. */
    pendingReward: amountString,
    /** Bonuses earned but held for an admin's review (status held). */
    heldReward: amountString,
    /** The admin's reason when a held bonus was refused (status rejected). */
    reviewNote: z.string().nullable(),
    /** The friend as their sponsor may see them: first name and initial, else the masked e-mail. */
    referredName: z.string(),
  })
  .meta({ id: 'Referral' });
export type Referral = z.infer<typeof referralSchema>;

/** Completed and paid referrals have earned their sponsor a bonus (docs/screens.md#states). */
export const EARNED_REFERRAL_STATUSES: readonly ReferralStatus[] = ['completed', 'paid'];
/** Referrals whose bonus may still come: the friend's first task or first payout, or an admin's review of a held bonus. */
export const WAITING_REFERRAL_STATUSES: readonly ReferralStatus[] = ['pending', 'awaiting_payout', 'held'];

/** A page of the member's referrals, with how many of all of them have earned a bonus and how many wait for one. */
export const referralPageSchema = page(referralSchema)
  .extend({ earned: z.number().int(), waiting: z.number().int() })
  .meta({ id: 'ReferralPage' });

/** A friend the member invited, never by full name or e-mail (masked as on the invite page). */
export const referredUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    status: z.enum(REFERRAL_STATUSES),
  })
  .meta({ id: 'ReferredUser' });

export const inviterSchema = z.object({ email: z.string(), firstName: z.string().nullable() }).meta({ id: 'Inviter' });

/** "juan@example.com" -> "j***@example.com": enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
