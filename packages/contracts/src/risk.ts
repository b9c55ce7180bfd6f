import { recordId, requiredReason } from './inputs';
import { amountString } from './money-schemas';
import { memberRefFields } from './record-fields';
import { staffMessages } from './staff-messages';
import { z } from './zod';

/** One reason a member is at risk: a code for screens to act on and a sentence an admin can act on. */
const riskReasonSchema = z.object({ code: z.string(), text: z.string() });
export type RiskReason = z.infer<typeof riskReasonSchema>;

export const riskQueueItemSchema = z
  .object({
    ...memberRefFields,
    score: z.number().int().min(0).max(100),
    reasons: z.array(riskReasonSchema),
    /** The reason the member's payouts are on hold, if they are. */
    payoutHold: z.string().nullable(),
  })
  .meta({ id: 'RiskQueueItem' });
export type RiskQueueItem = z.infer<typeof riskQueueItemSchema>;

/** What ties two accounts, strongest first: a device, a payout destination, rare browser traits, an address. */
export const LINK_KINDS = ['device', 'destination', 'traits', 'address'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
/** The links that put accounts in one cluster (docs/product-rules.md#fraud-rules): every kind but an address. */
const CLUSTER_LINK_KINDS = ['device', 'destination', 'traits'] as const;

/** Scores from which a member is a medium or a high risk, for how the queue marks them. */
export const RISK_LEVELS = { medium: 40, high: 70 } as const;

export function riskLevel(score: number): 'high' | 'medium' | 'low' {
  if (score >= RISK_LEVELS.high) return 'high';
  return score >= RISK_LEVELS.medium ? 'medium' : 'low';
}

/** What ties two accounts, as the review reads it (the value arrives masked). */
export function linkText(link: { kind: LinkKind; value: string }): string {
  if (link.kind === 'device') return 'Same device';
  if (link.kind === 'destination') return `Same payout destination ${link.value}`;
  if (link.kind === 'traits') return 'Same browser traits';
  return `Same sign-in address ${link.value} within 24 hours`;
}

/** Another account tied to a member, and by what: the shared values are masked. */
const linkedAccountSchema = z.object({
  ...memberRefFields,
  via: z.array(z.object({ kind: z.enum(LINK_KINDS), value: z.string() })),
});

/**
 * The accounts a member is tied to through strong links, directly or through each other: `size` counts the
 * member too (1: alone); `capped` when the walk stopped at FRAUD_LIMITS.clusterMaxMembers and there are
 * more. Each member with the links (masked) that tie it to others of the cluster.
 */
const clusterSchema = z.object({
  size: z.number().int().min(1),
  capped: z.boolean(),
  members: z.array(
    z.object({
      ...memberRefFields,
      ties: z.array(z.object({ kind: z.enum(CLUSTER_LINK_KINDS), value: z.string() })),
    }),
  ),
});
export type Cluster = z.infer<typeof clusterSchema>;

const userRiskSchema = z.object({
  score: z.number().int().min(0).max(100),
  reasons: z.array(riskReasonSchema),
  linkedAccounts: z.array(linkedAccountSchema),
  cluster: clusterSchema,
});
export type UserRisk = z.infer<typeof userRiskSchema>;

/** What the member's payouts are held for and since when, or null when they are not. */
export const payoutHoldSchema = z.object({ reason: z.string(), since: z.string() }).nullable().meta({ id: 'PayoutHold' });

/** The admin's review of one member: the risk and whether their payouts are held. */
export const userRiskReviewSchema = userRiskSchema.extend({ payoutHold: payoutHoldSchema }).meta({ id: 'UserRiskReview' });
export type PayoutHold = z.infer<typeof payoutHoldSchema>;

export const payoutHoldInput = z.object({
  id: recordId,
  hold: z.boolean({ error: staffMessages.risk.holdChoiceRequired }),
  reason: requiredReason(staffMessages.risk.holdReasonRequired),
});

/** A referral bonus held because the friend is linked to the sponsor. */
export const heldReferralSchema = z
  .object({
    id: z.string(),
    sponsor: z.object({ userId: z.string(), email: z.string() }),
    friend: z.object({ userId: z.string(), email: z.string() }),
    amount: amountString,
    heldAt: z.string(),
    /** Why it was held: the accounts were linked when the bonus was earned or when it was to be released. */
    reason: z.string().nullable(),
    /** What ties the two accounts, masked. */
    links: z.array(z.object({ kind: z.enum(LINK_KINDS), value: z.string() })),
  })
  .meta({ id: 'HeldReferral' });
export type HeldReferral = z.infer<typeof heldReferralSchema>;

/** Pay a held bonus, or refuse it with a reason the sponsor sees (required then). */
export const referralReviewInput = z
  .object({
    id: recordId,
    decision: z.enum(['pay', 'reject'], { error: staffMessages.risk.decisionInvalid }),
    reason: z
      .string({ error: staffMessages.admin.reasonTooLong })
      .trim()
      .max(500, staffMessages.admin.reasonTooLong)
      .meta({ description: 'Required to reject.' })
      .optional(),
  })
  .refine((review) => review.decision !== 'reject' || Boolean(review.reason), {
    message: staffMessages.risk.rejectReasonRequired,
    path: ['reason'],
  });
