import { activeFlag, changesSomething, wholeNumberInput } from './admin-inputs';
import { userIdentityFields, vipStandingFields } from './auth';
import { ACCOUNT_STATUSES, type AccountStatus, ADMIN_USER_FILTERS, TRANSACTION_TYPES } from './constants';
import { reasonInput, recordId, requiredReason } from './inputs';
import { amountString, pesosInput } from './money-schemas';
import { ADMIN_PAGE_SIZE } from './paging';
import { optionalPaging, page, pageNumber, pageSizeNumber } from './paging-schemas';
import { memberRefFields } from './record-fields';
import { staffMessages } from './staff-messages';
import { conversationWindow, supportMessageInput } from './support';
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
    ...userIdentityFields,
    accountStatus: z.enum(ACCOUNT_STATUSES),
    statusReason: z.string().nullable(),
    ...vipStandingFields,
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
    ...memberRefFields,
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

// --- The admin log and the ledger ----------------------------------------------------------------

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

// --- Support inbox -------------------------------------------------------------------------------

/** One member's conversation in the inbox: its latest message and how many of theirs no admin has read. */
export const supportConversationSchema = z
  .object({
    ...memberRefFields,
    lastMessage: z.string(),
    lastAt: z.string(),
    unread: z.number().int(),
  })
  .meta({ id: 'SupportConversation' });
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** A member's conversation as the inbox reads it: the documented array, or a window (conversationWindow). */
export const supportThreadInput = z.object({ userId: recordId, ...conversationWindow });
export const supportReplyInput = supportMessageInput.extend({ userId: recordId });
