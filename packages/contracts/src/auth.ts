import { ACCOUNT_STATUSES } from './constants';
import { LANGUAGES } from './language';
import { messages } from './messages';
import { amountString } from './money-schemas';
import { recordTimestamps } from './record-fields';
import { payoutHoldSchema } from './risk';
import { memberText } from './text';
import { z } from './zod';

/** A language of the site (docs/architecture.md#two-languages); kept beside the schemas, so the pages' first code has no zod. */
export const languageSchema = z.enum(LANGUAGES);

/** Who a user is, as both the user's own record and an admin's view of it start. */
export const userIdentityFields = {
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
};

/** The VIP tier in force, when it ends, and whether a request for one waits for an admin. */
export const vipStandingFields = {
  vipTier: z.string(),
  vipExpiresAt: z.string().nullable(),
  vipPendingApproval: z.boolean(),
};

/** The signed-in user as GET /api/auth/user returns it (docs/screens.md#records). */
export const userSchema = z
  .object({
    ...userIdentityFields,
    /** The language the member chose (docs/architecture.md#two-languages); null until their first sign-in. */
    language: languageSchema.nullable(),
    ...recordTimestamps,
    isAdmin: z.boolean(),
    accountStatus: z.enum(ACCOUNT_STATUSES),
    ...vipStandingFields,
    referralCode: z.string(),
    referredBy: z.string().nullable(),
    referralCount: z.number().int(),
    totalEarnings: amountString,
    availableBalance: amountString,
    pendingPayout: amountString,
    totalPaidOut: amountString,
    referralEarnings: amountString,
    /** Referral bonuses earned but not yet available or withdrawable (docs/product-rules.md#money-and-time). */
    pendingBonuses: amountString,
    completedTasks: z.number().int(),
    adminUnlocked: z.boolean(),
    /** Why the member's payouts are on hold, and since when; null when they are not. */
    payoutHold: payoutHoldSchema,
    /** Why the account is suspended, as the admin wrote it; null while it is active. */
    statusReason: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const devLoginInput = z.object({
  email: z
    .email({ error: messages.auth.emailInvalid })
    .max(254)
    .transform((email) => email.toLowerCase()),
  firstName: memberText(messages.auth.nameInvalid).trim().max(100, messages.auth.nameInvalid).optional(),
  lastName: memberText(messages.auth.nameInvalid).trim().max(100, messages.auth.nameInvalid).optional(),
});

export const adminUnlockInput = z.object({
  password: z.string({ error: messages.auth.passwordRequired }).min(1, messages.auth.passwordRequired).max(200),
});

export const adminUnlockOutput = z.object({ unlockedUntil: z.string() });

export const commissionLoginInput = z.object({
  username: z.string({ error: messages.auth.usernameRequired }).trim().min(1, messages.auth.usernameRequired).max(200),
  password: z.string({ error: messages.auth.passwordRequired }).min(1, messages.auth.passwordRequired).max(200),
});

export const commissionAuthOutput = z.object({
  authenticated: z.boolean(),
  username: z.string().optional(),
});

export const okOutput = z.object({ ok: z.literal(true) });

/**
 * A browser's traits as the member app sends them (docs/product-rules.md#fraud-rules): the SHA-256 of a
 * documented set of stable traits, 64 lowercase hex digits. In the body of POST /api/auth/device, and in
 * the X-Device-Traits header of the app's calls, where anything else counts as none.
 */
export const DEVICE_TRAITS_PATTERN = /^[0-9a-f]{64}$/;

export const deviceTraitsInput = z.object({
  traits: z.string({ error: messages.auth.deviceTraitsInvalid }).regex(DEVICE_TRAITS_PATTERN, messages.auth.deviceTraitsInvalid),
});
