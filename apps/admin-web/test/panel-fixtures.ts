import {
  type AdminStats,
  type AdminUser,
  adminStatsSchema,
  adminUserSchema,
  type PendingPayout,
  type PendingVipRequest,
  pendingPayoutSchema,
  pendingVipRequestSchema,
  type SystemSettings,
} from '@app/contracts';
import { testUser } from '@app/testkit/fixtures';
import type { ProcedureHandlers } from '@app/testkit/trpc-batch';
import { recordingInto } from '@app/testkit/trpc-batch';
import { serveSession, unlockedAdmin } from './kit';

// The admin panel's data and session as the screen tests serve them (one test file per screen).

/** The overview's figures: an empty site's, but for `overrides`. */
export function adminStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return adminStatsSchema.parse({
    totalUsers: 0,
    activeUsers: 0,
    vipUsers: 0,
    pendingVipApprovals: 0,
    pendingPayouts: '0.00',
    pendingPayoutCount: 0,
    totalEarnings: '0.00',
    updatedAt: '2026-11-20T02:00:00.000Z',
    ...overrides,
  });
}

const stats = adminStats({
  totalUsers: 42,
  activeUsers: 40,
  vipUsers: 7,
  pendingVipApprovals: 1,
  pendingPayouts: '350.00',
  pendingPayoutCount: 2,
  totalEarnings: '12345.50',
});

/**
 * Maria, the testkit's member (testUser), as the admin user list shows her: no payout pending and no VIP
 * payment to review, but for `overrides`.
 */
export function adminUser(overrides: Partial<AdminUser>): AdminUser {
  return adminUserSchema.parse({ ...testUser(), pendingPayout: '0.00', vipPaymentStatus: null, ...overrides });
}

export const vipRequest: PendingVipRequest = pendingVipRequestSchema.parse({
  id: 'vip-request-1',
  userId: 'user-2',
  email: 'juan@example.com',
  vipTier: 'VIP300',
  vipPaymentStatus: 'pending',
  vipTransactionReference: '1234567890123',
  createdAt: '2026-11-20T02:00:00.000Z',
});

/** Approving `vipRequest`, as the screen asks it: the row's button, the dialog and its question, the button that starts the plan. */
export const vipRequestApproval = {
  open: 'Approve VIP',
  dialog: 'Approve VIP request?',
  question: 'Start VIP 300 for juan@example.com, paid with G-CASH reference 1234567890123?',
  confirm: 'Start VIP 300',
};

export const payout: PendingPayout = pendingPayoutSchema.parse({
  id: 'payout-1',
  userId: 'user-3',
  firstName: 'Gina',
  lastName: 'Tan',
  amount: '200.00',
  paymentMethod: 'G-CASH',
  paymentDetails: '0917 555 0199 · Gina Tan',
  destination: { method: 'G-CASH', mobile: '+639175550199', accountName: 'Gina Tan' },
  maskedDestination: '0917•••0199',
  status: 'pending',
  createdAt: '2026-11-20T02:00:00.000Z',
  vipTier: 'VIP500',
  email: 'gina@example.com',
  flags: [],
  linkedAccounts: [],
  clusterSize: 1,
});

/** Approving `payout`, as the screen asks it: the row's button, the dialog and its question, the button that pays. */
export const payoutApproval = {
  open: 'Approve Payout of Gina Tan',
  dialog: 'Approve payout?',
  question: 'Pay ₱200.00 to gina@example.com by GCash 0917•••0199?',
  confirm: 'Pay ₱200.00',
};

const settings: SystemSettings = {
  maintenance: false,
  maintenanceMode: false,
  websiteStatus: 'on',
  message: '',
  lastUpdated: null,
  gcashNumber: '09171234567',
  gcashName: 'PesoTasks Inc.',
};

/** An unlocked admin's session with the panel's reads answered; `extra` adds or replaces procedures. */
export function servePanel(extra: ProcedureHandlers = {}) {
  return serveSession(unlockedAdmin, {
    'admin.stats': () => ({ data: stats }),
    'admin.maintenance.settings': () => ({ data: settings }),
    ...extra,
  });
}

/** The panel with one pending payout, gone once decided; answers the decisions it records. */
export function servePayoutDecisions() {
  const decisions: unknown[] = [];
  servePanel({
    'admin.payouts.pending': () => ({ data: decisions.length ? [] : [payout] }),
    'admin.payouts.decide': recordingInto(decisions, { data: {} }),
  });
  return decisions;
}
