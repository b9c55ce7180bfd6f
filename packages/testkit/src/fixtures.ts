import { type MaintenanceStatus, type PayoutMethod, type User, userSchema } from '@app/contracts';

/** Test support: a member as `auth.user` returns it; parsed by the real schema so the fixture cannot drift from it. */
export function testUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: 'user-1',
    email: 'maria.santos@example.com',
    firstName: 'Maria',
    lastName: 'Santos',
    profileImageUrl: null,
    language: null,
    createdAt: '2026-01-15T02:00:00.000Z',
    updatedAt: '2026-03-01T02:00:00.000Z',
    isAdmin: false,
    accountStatus: 'active',
    vipTier: 'FREE',
    vipExpiresAt: null,
    vipPendingApproval: false,
    referralCode: 'MARIA2026',
    referredBy: null,
    referralCount: 0,
    totalEarnings: '1250.50',
    availableBalance: '350.25',
    pendingPayout: '150.00',
    totalPaidOut: '750.25',
    referralEarnings: '0.00',
    pendingBonuses: '0.00',
    completedTasks: 12,
    adminUnlocked: false,
    payoutHold: null,
    statusReason: null,
    ...overrides,
  });
}

/**
 * What member-web's dashboard asks for in its first request, sorted: the page's data with the layout's, the
 * bell, the chat's unread count and the admins' popups (docs/architecture.md#what-a-page-loads-first).
 */
export const DASHBOARD_FIRST_REQUEST = [
  'auth.user',
  'maintenance.status',
  'notifications.list',
  'popups.active',
  'site.config',
  'support.messages',
  'tasks.list',
  'transactions.list',
  'vip.status',
];

/** The six VIP plans the migrations make, in the order every list of plans shows them. */
export const VIP_PLAN_IDS = ['VIP300', 'VIP400', 'VIP500', 'VIPPREMIUM1000', 'VIPGOLD2000', 'VIPSUPERPLAN3000'];

export const siteOpen: MaintenanceStatus = {
  maintenance: false,
  websiteStatus: 'on',
  message: '',
  lastUpdated: null,
};

/**
 * Payment details as an old client writes them in one text (docs/product-rules.md#payout-destinations), for
 * `method` and the destination numbered `wallet` (0 to 9,999,999): each number a destination of its own, so
 * accounts paying out to different ones are not linked. G-CASH: the wallet `0917 xxx xxxx` and its holder.
 */
export function paymentDetailsFor(method: PayoutMethod, wallet: number, holder = 'Juan Dela Cruz'): string {
  const digits = String(wallet).padStart(7, '0');
  switch (method) {
    case 'G-CASH':
    case 'PAYMAYA':
      return `0917 ${digits.slice(0, 3)} ${digits.slice(3)} ${holder}`;
    case 'COINSPH':
    case 'PayPal':
      return `wallet${digits}@example.com`;
    case 'BDO':
      return `BDO 001${digits} ${holder}`;
    case 'Bank Transfer':
      return `BPI 002${digits} ${holder}`;
    case 'BINANCE':
      return `Pay ID 3${digits}`;
  }
}

/** G-CASH payment details of the wallet numbered `wallet` (paymentDetailsFor). */
export const gcashDetails = (wallet: number, holder?: string) => paymentDetailsFor('G-CASH', wallet, holder);

let walletsHandedOut = 0;
/** G-CASH payment details of a wallet no other call of this test file got: a member of their own paying out. */
export const newGcashDetails = (holder?: string) => gcashDetails(9_000_000 + ++walletsHandedOut, holder);
