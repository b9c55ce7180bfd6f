import { type MaintenanceStatus, type User, userSchema } from '@app/contracts';

/** Test support: a member as `auth.user` returns it; parsed by the real schema so the fixture cannot drift from it. */
export function testUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: 'user-1',
    email: 'maria.santos@example.com',
    firstName: 'Maria',
    lastName: 'Santos',
    profileImageUrl: null,
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

export const siteOpen: MaintenanceStatus = {
  maintenance: false,
  websiteStatus: 'on',
  message: '',
  lastUpdated: null,
};
