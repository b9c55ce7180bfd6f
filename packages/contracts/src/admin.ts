import { ACCOUNT_STATUSES, type AccountStatus, ADMIN_USER_FILTERS, FREE_TIER, TRANSACTION_TYPES } from './constants';
import { httpUrlInput, reasonInput, recordId, requiredReason } from './inputs';
import { amountString, pesosInput } from './money-schemas';
import { ADMIN_PAGE_SIZE } from './paging';
import { optionalPaging, page, pageNumber, pageSizeNumber } from './paging-schemas';
import { PAYOUT_STATUSES, payoutDestinationSchema } from './payouts';
import { WEBSITE_STATUSES } from './site-status';
import { staffMessages } from './staff-messages';
import { conversationWindow, supportMessageInput } from './support';
import { taskSchema } from './tasks';
import { gcashPayeeInput } from './vip-plans';
import { z } from './zod';

const m = staffMessages.admin;

const paging = { page: pageNumber.default(1), pageSize: pageSizeNumber.default(ADMIN_PAGE_SIZE) };
/** Paging of the admins' lists that grow (users, logs, transactions): a list called with no input gets the first page. */
export const adminPageInput = z.object(paging).prefault({});
export type AdminPageInput = z.output<typeof adminPageInput>;

/** The most items a queue answers at once when its caller asks for no page (the documented array shape). */
export const QUEUE_UNPAGED_LIMIT = 100;

/**
 * A queue an admin works through (pending payouts and VIP requests, support conversations, commission
 * payouts): with `page` or `pageSize`, one page as `{items, total}`; without, the documented array of the
 * first QUEUE_UNPAGED_LIMIT items, and the total in the X-Total-Count header. `search` matches the
 * member's e-mail and name (for commission payouts: the method, the account details or the status).
 */
export const adminQueueInput = z
  .object({
    ...optionalPaging,
    search: z.string({ error: m.searchInvalid }).trim().max(200, m.searchInvalid).optional(),
  })
  .prefault({});
export type AdminQueueInput = z.output<typeof adminQueueInput>;

const activeFlag = z.boolean({ error: m.activeInvalid });

/** A whole number given as a number or text; a blank becomes 0 (docs/product-rules.md#validation). */
function wholeNumberInput(message: string, max: number) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === '') return 0;
      const number = typeof text === 'number' ? text : /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(number) || number < 0 || number > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    })
    .meta({
      anyOf: [
        { type: 'integer', minimum: 0, maximum: max },
        { type: 'string', pattern: '^\\s*\\d*\\s*$' },
      ],
      description: `A whole number from 0 to ${max}, as a number or digits (blank is 0).`,
    });
}

/** True when an update names at least one field besides its id. */
const changesSomething = (input: Record<string, unknown>, idKey: string) =>
  Object.entries(input).some(([key, value]) => key !== idKey && value !== undefined);

// --- Dashboard -----------------------------------------------------------------------------------

export const adminStatsSchema = z
  .object({
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    /** Members whose paid tier is in force now. */
    vipUsers: z.number().int(),
    pendingVipApprovals: z.number().int(),
    /** The sum of the payouts waiting for a decision, and how many they are. */
    pendingPayouts: amountString,
    pendingPayoutCount: z.number().int(),
    totalEarnings: amountString,
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStatsSchema>;

// --- Users ---------------------------------------------------------------------------------------

export const adminUserListInput = z
  .object({
    filter: z.enum(ADMIN_USER_FILTERS, { error: m.filterInvalid }).optional(),
    /** Matches e-mail, first name, last name or id, case-insensitive. */
    search: z.string({ error: m.searchInvalid }).trim().max(200, m.searchInvalid).optional(),
    ...paging,
  })
  .prefault({});
export type AdminUserListInput = z.output<typeof adminUserListInput>;

/** A user as admins see them (docs/screens.md#records); `vipTier` is the tier in force now. */
export const adminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    accountStatus: z.enum(ACCOUNT_STATUSES),
    statusReason: z.string().nullable(),
    vipTier: z.string(),
    vipExpiresAt: z.string().nullable(),
    vipPendingApproval: z.boolean(),
    vipPaymentStatus: z.string().nullable(),
    availableBalance: amountString,
    pendingPayout: amountString,
    totalEarnings: amountString,
    createdAt: z.string(),
    isAdmin: z.boolean(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListOutput = page(adminUserSchema);

/**
 * The statuses that cannot be set without a reason, each with the text that asks for it: a suspended
 * member reads the reason while signed in, and a ban's stays with the account and in the activity log.
 */
export const STATUS_REASON_REQUIRED: Readonly<Partial<Record<AccountStatus, string>>> = {
  suspended: m.suspendReasonRequired,
  banned: m.banReasonRequired,
};

export const adminUserStatusInput = z
  .object({
    id: recordId,
    status: z.enum(ACCOUNT_STATUSES, { error: m.statusInvalid }),
    reason: reasonInput.meta({ description: 'Required to suspend or ban.' }).nullish(),
  })
  .superRefine((input, ctx) => {
    const required = STATUS_REASON_REQUIRED[input.status];
    if (required && !input.reason) ctx.addIssue({ code: 'custom', message: required, path: ['reason'] });
  });

/**
 * The balance editor: the new available balance, why (shown to the member as the adjustment's
 * description and kept in the admin log), and the balance the admin saw, so that a payout or an earning
 * that landed meanwhile is not silently undone (409 when it differs). `expectedBalance` is required: an edit
 * without it would overwrite the balance blindly.
 */
export const adminBalanceInput = z.object({
  userId: recordId,
  newBalance: pesosInput({ required: m.balanceRequired, invalid: m.balanceInvalid }),
  expectedBalance: pesosInput({ required: m.expectedBalanceRequired, invalid: m.balanceInvalid }),
  reason: requiredReason(m.balanceReasonRequired),
});

// --- VIP approvals -------------------------------------------------------------------------------

/** A payment-proof request waiting for an admin; `id` is the request's, `vipTier` the plan asked for. */
export const pendingVipRequestSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    email: z.string(),
    vipTier: z.string(),
    vipPaymentStatus: z.string().nullable(),
    vipTransactionReference: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PendingVipRequest' });
export type PendingVipRequest = z.infer<typeof pendingVipRequestSchema>;

export const vipRejectInput = z.object({
  id: recordId,
  reason: requiredReason(m.rejectReasonRequired),
});

// --- Payouts -------------------------------------------------------------------------------------

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
  linkedAccounts: z.array(z.object({ userId: z.string(), email: z.string() })),
  /** How many accounts the member's cluster holds, the member included: 1 when alone (docs/product-rules.md#fraud-rules). */
  clusterSize: z.number().int().min(1),
});
export type PendingPayout = z.infer<typeof pendingPayoutSchema>;

const PAYOUT_DECISIONS = ['approved', 'declined'] as const;
export type PayoutDecision = (typeof PAYOUT_DECISIONS)[number];

/** A payout decision; a decline names why, which the member sees on the payout and in a notification. */
export const payoutDecisionInput = z
  .object({
    id: recordId,
    status: z.enum(PAYOUT_DECISIONS, { error: m.payoutStatusInvalid }),
    reason: z
      .string({ error: m.declineReasonRequired })
      .trim()
      .max(500, m.reasonTooLong)
      .meta({ description: 'Required to decline.' })
      .optional(),
  })
  .refine((input) => input.status !== 'declined' || Boolean(input.reason), { message: m.declineReasonRequired, path: ['reason'] });

// --- Activity logs and transactions --------------------------------------------------------------

export const adminLogSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    adminId: z.string().nullable(),
    adminEmail: z.string().nullable(),
    action: z.string(),
    targetId: z.string().nullable(),
    /** The member the action concerned (the target itself, or the member of a payout or request), when one did. */
    targetEmail: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    ipAddress: z.string().nullable(),
  })
  .meta({ id: 'AdminLogEntry' });
export type AdminLog = z.infer<typeof adminLogSchema>;
export const adminLogListOutput = page(adminLogSchema);

const adminTransactionSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    userId: z.string(),
    userEmail: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    description: z.string(),
    /** The row's own reference, else the payout or VIP request it belongs to. */
    transactionReference: z.string().nullable(),
    amount: amountString,
    status: z.string(),
  })
  .meta({ id: 'PendingPayout' });
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;
export const adminTransactionListOutput = page(adminTransactionSchema);

// --- Maintenance and system settings -------------------------------------------------------------

const maintenanceFlag = z.boolean({ error: m.maintenanceInvalid });

/**
 * The maintenance controls: the panel sends `maintenance`, the maintenance page `enabled` with a
 * `websiteStatus` and a `reason`. Either name is accepted; both given must agree.
 */
/** The message members see while the site is closed. */
const maintenanceMessage = z
  .string({ error: m.maintenanceMessageRequired })
  .trim()
  .min(1, m.maintenanceMessageRequired)
  .max(500, m.maintenanceMessageTooLong);

export const adminMaintenanceInput = z
  .object({
    enabled: maintenanceFlag.optional(),
    maintenance: maintenanceFlag.optional(),
    websiteStatus: z.enum(WEBSITE_STATUSES, { error: m.websiteStatusInvalid }).optional(),
    reason: reasonInput.nullish(),
    /** What members see while the site is closed, set with the switch that closes it. */
    message: maintenanceMessage.optional(),
  })
  .refine(
    (input) => input.enabled === undefined || input.maintenance === undefined || input.enabled === input.maintenance,
    m.maintenanceConflict,
  )
  .refine(
    (input) => input.enabled !== undefined || input.maintenance !== undefined || input.websiteStatus !== undefined,
    m.maintenanceChoiceRequired,
  )
  .transform((input) => ({
    maintenance: input.maintenance ?? input.enabled,
    websiteStatus: input.websiteStatus,
    reason: input.reason || null,
    message: input.message,
  }));
export type AdminMaintenanceInput = z.output<typeof adminMaintenanceInput>;

export const adminMaintenanceOutput = z.object({
  maintenance: z.boolean(),
  websiteStatus: z.enum(WEBSITE_STATUSES),
  message: z.string(),
});

/** `maintenance` and `maintenanceMode` are the same flag under the names the two toggles read. */
export const systemSettingsSchema = z
  .object({
    maintenance: z.boolean(),
    maintenanceMode: z.boolean(),
    websiteStatus: z.enum(WEBSITE_STATUSES),
    /** What members see while the site is closed. */
    message: z.string(),
    lastUpdated: z.string().nullable(),
    /** Where members send G-CASH for a VIP plan; null until an admin sets it (members cannot pay then). */
    gcashNumber: z.string().nullable(),
    gcashName: z.string().nullable(),
  })
  .meta({ id: 'SystemSettings' });
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const systemSettingsInput = z
  .object({
    maintenance: maintenanceFlag.optional(),
    maintenanceMode: maintenanceFlag.optional(),
    message: maintenanceMessage.optional(),
    gcashNumber: gcashPayeeInput.shape.gcashNumber.optional(),
    gcashName: gcashPayeeInput.shape.gcashName.optional(),
  })
  .refine(
    (input) => input.maintenance === undefined || input.maintenanceMode === undefined || input.maintenance === input.maintenanceMode,
    m.maintenanceConflict,
  )
  .refine(
    (input) =>
      input.maintenance !== undefined ||
      input.maintenanceMode !== undefined ||
      input.message !== undefined ||
      input.gcashNumber !== undefined ||
      input.gcashName !== undefined,
    m.settingsChoiceRequired,
  )
  .transform((input) => ({
    maintenance: input.maintenance ?? input.maintenanceMode,
    message: input.message,
    gcashNumber: input.gcashNumber,
    gcashName: input.gcashName,
  }));
export type SystemSettingsInput = z.output<typeof systemSettingsInput>;

// --- VIP plans (quick plan settings) -------------------------------------------------------------

export const adminPlanSchema = z
  .object({
    id: z.string(),
    planName: z.string(),
    price: amountString,
    dailyTaskLimit: z.number().int(),
    taskReward: amountString,
    validityDays: z.number().int(),
    isActive: z.boolean(),
  })
  .meta({ id: 'AdminPlan' });
export type AdminPlan = z.infer<typeof adminPlanSchema>;

/** The inline plan editor and its Enable/Disable: any of the fields; the others keep their values. */
export const adminPlanUpdateInput = z
  .object({
    planId: recordId,
    price: pesosInput({ required: m.priceInvalid, invalid: m.priceInvalid })
      .refine((centavos) => centavos > 0, m.priceInvalid)
      .optional(),
    taskReward: pesosInput({ required: m.taskRewardInvalid, invalid: m.taskRewardInvalid }).optional(),
    dailyTaskLimit: wholeNumberInput(m.dailyTaskLimitInvalid, 1000).optional(),
    validityDays: wholeNumberInput(m.validityDaysInvalid, 3650).optional(),
    isActive: activeFlag.optional(),
  })
  .refine((input) => changesSomething(input, 'planId'), m.nothingToUpdate);
export type AdminPlanUpdateInput = z.output<typeof adminPlanUpdateInput>;

// --- Tasks ---------------------------------------------------------------------------------------

/**
 * A task as admins manage it: the member's fields, where `reward` is the task's own (what FREE members
 * earn), and whether it is on.
 */
export const adminTaskSchema = taskSchema
  .extend({
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminTask' });
export type AdminTask = z.infer<typeof adminTaskSchema>;

const taskFields = {
  title: z.string({ error: m.taskTitleRequired }).trim().min(1, m.taskTitleRequired).max(200, m.taskTitleTooLong),
  description: z.string({ error: m.taskDescriptionTooLong }).trim().max(2000, m.taskDescriptionTooLong),
  url: httpUrlInput(m.taskUrlInvalid),
  reward: pesosInput({ required: m.taskRewardRequired, invalid: m.taskRewardPositive }).refine(
    (centavos) => centavos > 0,
    m.taskRewardPositive,
  ),
  /** A plan id; FREE, blank or null mean every tier. Whether the plan exists is checked by the server. */
  requiredVipTier: z
    .string({ error: m.taskTierUnknown })
    .trim()
    .max(100, m.taskTierUnknown)
    .nullable()
    .transform((tier) => (!tier || tier === FREE_TIER ? null : tier)),
  isActive: activeFlag,
};

export const adminTaskCreateInput = z.object({
  title: taskFields.title,
  description: taskFields.description.default(''),
  url: taskFields.url,
  reward: taskFields.reward,
  requiredVipTier: taskFields.requiredVipTier.optional(),
  isActive: taskFields.isActive.default(true),
});
export type AdminTaskCreateInput = z.output<typeof adminTaskCreateInput>;

/** Editing a task, or switching it on or off with `isActive` alone: omitted fields keep their values. */
export const adminTaskUpdateInput = z
  .object({
    id: recordId,
    title: taskFields.title.optional(),
    description: taskFields.description.optional(),
    url: taskFields.url.optional(),
    reward: taskFields.reward.optional(),
    requiredVipTier: taskFields.requiredVipTier.optional(),
    isActive: taskFields.isActive.optional(),
  })
  .refine((input) => changesSomething(input, 'id'), m.nothingToUpdate);
export type AdminTaskUpdateInput = z.output<typeof adminTaskUpdateInput>;

// --- Support inbox -------------------------------------------------------------------------------

/** One member's conversation in the inbox: its latest message and how many of theirs no admin has read. */
export const supportConversationSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    lastMessage: z.string(),
    lastAt: z.string(),
    unread: z.number().int(),
  })
  .meta({ id: 'SupportConversation' });
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** A member's conversation as the inbox reads it: the documented array, or a window (conversationWindow). */
export const supportThreadInput = z.object({ userId: recordId, ...conversationWindow });
export const supportReplyInput = supportMessageInput.extend({ userId: recordId });
