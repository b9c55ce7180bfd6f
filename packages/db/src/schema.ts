import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as kysely sees it. Tables and columns are snake_case in SQL and camelCase here
 * (CamelCasePlugin). Money columns are bigint centavos, read as JavaScript numbers.
 */

/** Insert-optional everywhere; a column without a default is still guarded by NOT NULL in SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** Every jsonb column has a default, so inserts may leave it out. */
type Json<T = unknown> = ColumnType<T, string | undefined, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** The language the member reads the site in (null until their first sign-in stores their browser's). */
  language: 'en' | 'fil' | null;
  isAdmin: Generated<boolean>;
  accountStatus: Generated<'active' | 'suspended' | 'banned'>;
  statusReason: string | null;
  /** 'FREE' or the id of the plan the member holds; read together with vipExpiresAt. */
  vipTier: Generated<string>;
  vipExpiresAt: NullableTimestamp;
  /** The terms of the running plan, copied when it started so later plan edits do not change it. */
  vipDailyTaskLimit: number | null;
  vipRewardPerTask: number | null;
  vipPendingApproval: Generated<boolean>;
  vipPaymentStatus: string | null;
  referralCode: string;
  referredBy: string | null;
  referralCount: Generated<number>;
  availableBalance: Generated<number>;
  pendingPayout: Generated<number>;
  totalEarnings: Generated<number>;
  referralEarnings: Generated<number>;
  totalPaidOut: Generated<number>;
  /** Referral bonuses earned but not yet available or withdrawable (the referral_bonus_pending rows not yet released or withheld). */
  pendingBonuses: Generated<number>;
  /** How many ledger rows the user has (postToLedger counts them): the admin ledger total sums these. */
  ledgerRows: Generated<number>;
  /** How many earning rows (completed tasks) the user has, counted by postToLedger like ledgerRows. */
  completedTasks: Generated<number>;
  /** e-mail, "first last" and id, lower-cased (a generated column): what the admin user search matches. */
  searchText: GeneratedAlways<string>;
  /** The hash of the member's latest ledger row: a row removed from the end of the chain shows. */
  ledgerHead: string | null;
  /** While set, the member's payouts are on hold: no new request, no approval of a pending one. */
  payoutHoldReason: string | null;
  payoutHeldAt: NullableTimestamp;
  payoutHeldBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface IdentitiesTable {
  id: Generated<string>;
  userId: string;
  issuer: string;
  subject: string;
  /** Whether the provider vouched for the e-mail at this identity's latest sign-in. */
  emailVerified: Generated<boolean>;
  createdAt: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the token in the cookie; the token itself is never stored. */
  id: string;
  userId: string;
  expiresAt: Timestamp;
  adminUnlockedUntil: NullableTimestamp;
  /** Until when the session's last passkey step-up lets money decisions through (docs/architecture.md#passkeys-and-the-step-up). */
  stepUpUntil: NullableTimestamp;
  createdAt: Timestamp;
}

export interface CommissionSessionsTable {
  id: string;
  username: string;
  expiresAt: Timestamp;
  stepUpUntil: NullableTimestamp;
  createdAt: Timestamp;
}

/** A WebAuthn credential: an admin's (userId) or the commission operator's (operatorUsername), never both. */
export interface PasskeysTable {
  id: Generated<string>;
  userId: string | null;
  operatorUsername: string | null;
  /** base64url, as the browser names the credential. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: Generated<number>;
  transports: Json<string[]>;
  name: string;
  createdAt: Timestamp;
  lastUsedAt: NullableTimestamp;
}

/** The one pending WebAuthn challenge of a session, deleted when answered. */
export interface PasskeyChallengesTable {
  sessionKind: 'admin' | 'operator';
  sessionId: string;
  purpose: 'register' | 'step_up';
  challenge: string;
  expiresAt: Timestamp;
}

export interface TasksTable {
  id: Generated<string>;
  title: string;
  description: Generated<string>;
  url: string;
  reward: number;
  requiredVipTier: string | null;
  isActive: Generated<boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface TaskViewsTable {
  id: Generated<string>;
  userId: string;
  taskId: string;
  startedAt: Timestamp;
  completedAt: NullableTimestamp;
  /** When the view ended without credit: the member started another, or it was left open too long. */
  closedAt: NullableTimestamp;
  secondsViewed: number | null;
  reward: number | null;
}

export type TransactionKind =
  | 'earning'
  | 'referral_bonus'
  | 'vip_purchase'
  | 'payout'
  | 'payout_approved'
  | 'payout_declined'
  | 'admin_adjustment'
  | 'referral_bonus_pending'
  | 'referral_bonus_released'
  | 'referral_bonus_withheld';

/**
 * The ledger. Each row says how it moved each cached balance of its user (the *Delta columns), so the
 * cached balances on users are always the column sums of that user's rows.
 */
export interface TransactionsTable {
  id: Generated<string>;
  userId: string;
  type: TransactionKind;
  /** The amount shown to people: positive, except an admin adjustment that lowers the balance. */
  amount: number;
  description: string;
  /** Never changed once written (it is in the row's hash): a payout request's outcome is read from its payout. */
  status: Generated<string>;
  availableDelta: Generated<number>;
  pendingDelta: Generated<number>;
  earningsDelta: Generated<number>;
  referralDelta: Generated<number>;
  paidOutDelta: Generated<number>;
  bonusPendingDelta: Generated<number>;
  taskViewId: string | null;
  payoutId: string | null;
  /**
   * For a row of a payout: the digest of the payout row as it was when this row was posted (payout_digest,
   * migration 0024), which its latest row must still match.
   */
  payoutDigest: string | null;
  vipRequestId: string | null;
  referralId: string | null;
  adminId: string | null;
  reference: string | null;
  /** The row's place in its member's ledger (1, 2, ...) and the hash of its content and the row before it. */
  seq: number | null;
  hash: string | null;
  createdAt: Timestamp;
}

export interface VipPlansTable {
  id: string;
  name: string;
  price: number;
  validityDays: number;
  dailyTaskLimit: number;
  rewardPerTask: number;
  benefits: Json<string[]>;
  isActive: Generated<boolean>;
  sortOrder: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VipRequestsTable {
  id: Generated<string>;
  userId: string;
  planId: string;
  /** 'gcash' (a payment reference an admin checks) or 'earnings' (paid from the balance at once). */
  paymentMethod: 'gcash' | 'earnings';
  transactionProof: string | null;
  price: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  decidedBy: string | null;
  decidedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface PayoutsTable {
  id: Generated<string>;
  userId: string;
  paymentMethod: string;
  amount: number;
  paymentDetails: string;
  status: Generated<'pending' | 'approved' | 'declined'>;
  decidedBy: string | null;
  decidedAt: NullableTimestamp;
  note: string | null;
  /** The payment details as accounts are compared by them (normalizeDestination), or null. */
  destination: string | null;
  /**
   * Set (by a trigger, migration 0015) once another account has used the destination; only then does the
   * pending queue read the linked accounts. Never cleared: a hint, not the answer.
   */
  destinationShared: Generated<boolean>;
  /** The destination as read from the request (PayoutDestination), or null when its details could not be read. */
  details: Json<Record<string, string> | null>;
  createdAt: Timestamp;
  /** The reference of the transfer, as the approving admin gave it (migration 0028), or null. */
  transferReference: string | null;
  /** When an admin marked the approved payout sent after exporting it (migration 0030), or null. */
  sentAt: NullableTimestamp;
  /** The admin who marked it sent, or null. */
  sentBy: string | null;
}

/** One row per payout destination, locked by migration 0015's triggers so payouts and signals to it take turns. */
export interface PayoutDestinationsTable {
  value: string;
}

export interface ReferralsTable {
  id: Generated<string>;
  referrerId: string;
  referredUserId: string;
  referralCode: string;
  status: Generated<'pending' | 'awaiting_payout' | 'completed' | 'paid' | 'held' | 'rejected'>;
  /** What the sponsor has been credited for this friend. */
  reward: Generated<number>;
  /** Bonuses credited pending: they become available, or held, when the friend's first payout is approved. */
  pendingReward: Generated<number>;
  /** Bonuses earned while the friend is linked to the sponsor: paid or forfeited by an admin. */
  heldReward: Generated<number>;
  /** Why the bonus was held, for the admin who decides it. */
  heldReason: string | null;
  /** When the friend's first task, and first VIP, counted as milestones (credited or held). */
  completedAt: NullableTimestamp;
  paidAt: NullableTimestamp;
  heldAt: NullableTimestamp;
  /** The admin's reason when a held bonus was refused, shown to the sponsor. */
  reviewNote: string | null;
  reviewedBy: string | null;
  reviewedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface SignInsTable {
  id: Generated<string>;
  userId: string;
  /** The client's address as the trusted proxies saw it. */
  address: string;
  /** What sign-ins are compared by: the address, or an IPv6 address's /64 (addressBlock in @app/contracts). */
  addressBlock: string;
  deviceId: string | null;
  createdAt: Timestamp;
}

export interface AccountSignalsTable {
  userId: string;
  /** A device id, a payout destination, or a browser-traits hash (migration 0025). */
  kind: 'device' | 'destination' | 'traits';
  value: string;
  firstSeenAt: Timestamp;
  lastSeenAt: Timestamp;
}

/** Each account in a cluster of two or more (no row: a cluster of one); `clusterId` is its least member's id. */
export interface AccountClustersTable {
  userId: string;
  clusterId: string;
  updatedAt: Timestamp;
}

/** Accounts that gained a signal since their cluster was last walked, written with the signal. */
export interface StaleClustersTable {
  userId: string;
  since: Timestamp;
}

export interface RiskScoresTable {
  userId: string;
  score: number;
  reasons: Json<Array<{ code: string; text: string }>>;
  updatedAt: Timestamp;
}

export interface SupportMessagesTable {
  id: Generated<string>;
  /** The member whose conversation this is. */
  userId: string;
  message: string;
  isUserMessage: boolean;
  authorId: string | null;
  readByUserAt: NullableTimestamp;
  readByAdminAt: NullableTimestamp;
  createdAt: Timestamp;
}

/**
 * One row per member with a support conversation: its latest message and how many of the member's
 * messages no admin has read, kept by triggers on support_messages (migration 0014) for the inbox.
 */
export interface SupportConversationsTable {
  userId: string;
  lastMessageId: string;
  lastMessage: string;
  lastAt: Timestamp;
  unread: Generated<number>;
}

export interface NotificationsTable {
  id: Generated<string>;
  title: string;
  message: string;
  type: Generated<'info' | 'success' | 'warning' | 'error'>;
  isGlobal: Generated<boolean>;
  userId: string | null;
  expiresAt: NullableTimestamp;
  /** Null for a notice no admin caused (a bonus credited at a friend's first task). */
  createdBy: string | null;
  createdAt: Timestamp;
  /** The member page the notice is about ('/payouts', '/vip', '/referrals', '/'), or null (migration 0028). */
  link: string | null;
}

export interface NotificationReadsTable {
  notificationId: string;
  userId: string;
  readAt: Timestamp;
}

/** A browser's push endpoint and keys, for one member (migration 0028). */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  deviceId: string | null;
  createdAt: Timestamp;
  lastUsedAt: NullableTimestamp;
}

export interface PopupsTable {
  id: Generated<string>;
  title: string;
  description: Generated<string>;
  content: string;
  url: string | null;
  duration: Generated<number>;
  isActive: Generated<boolean>;
  startDate: Timestamp;
  endDate: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AdminLogsTable {
  id: Generated<string>;
  adminId: string | null;
  action: string;
  targetId: string | null;
  details: Json<Record<string, unknown>>;
  ipAddress: string | null;
  /** The row's place in the admin log and the hash of its content and the row before it. */
  seq: number | null;
  hash: string | null;
  createdAt: Timestamp;
}

/** The admin log's chain: how many rows it has and the latest one's hash (one row). */
export interface AdminLogChainTable {
  id: Generated<number>;
  seq: Generated<number>;
  head: string | null;
}

/** Profile photo bytes, one row per stored size (docs/architecture.md#uploads); empty when S3_URL holds them. */
export interface PhotosTable {
  /** `<photo id>-<size>.webp`: the tail of the photo's URL and, with S3_URL, the object's key. */
  key: string;
  contentType: string;
  bytes: Uint8Array;
  /** The quoted digest of the bytes, sent as the ETag. */
  etag: string;
  createdAt: Timestamp;
}

/** Money changes waiting to be sent as notifications (docs/architecture.md#caches, migration 0019). */
export interface QueuedChangesTable {
  /** "topic:key" or "topic", as a trigger would notify it. */
  payload: string;
}

export interface SystemSettingsTable {
  id: Generated<number>;
  maintenance: Generated<boolean>;
  websiteStatus: Generated<'on' | 'off'>;
  message: string;
  updatedBy: string | null;
  updatedAt: NullableTimestamp;
  gcashNumber: string | null;
  gcashName: string | null;
}

export interface CommissionEntriesTable {
  id: Generated<string>;
  kind: 'upgrade' | 'payout' | 'adjustment';
  /** Signed: an adjustment may lower the figures. */
  amount: number;
  /** The VIP request or member payout that earned it; unique per kind, so nothing earns twice. */
  sourceId: string | null;
  description: string;
  createdBy: string | null;
  createdAt: Timestamp;
}

export interface CommissionPayoutsTable {
  id: Generated<string>;
  amount: number;
  paymentMethod: string;
  accountDetails: string;
  status: Generated<'pending' | 'approved' | 'rejected' | 'paid'>;
  notes: string | null;
  requestedAt: Timestamp;
  processedAt: NullableTimestamp;
  /**
   * The admin whose stats edit last changed the commission balance before the request, who may not approve
   * it or mark it paid (migration 0026); null when no edit had.
   */
  balanceEditedBy: string | null;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  resetAt: Timestamp;
}

export interface Database {
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  commissionSessions: CommissionSessionsTable;
  passkeys: PasskeysTable;
  passkeyChallenges: PasskeyChallengesTable;
  tasks: TasksTable;
  taskViews: TaskViewsTable;
  transactions: TransactionsTable;
  vipPlans: VipPlansTable;
  vipRequests: VipRequestsTable;
  payouts: PayoutsTable;
  referrals: ReferralsTable;
  supportMessages: SupportMessagesTable;
  supportConversations: SupportConversationsTable;
  payoutDestinations: PayoutDestinationsTable;
  notifications: NotificationsTable;
  notificationReads: NotificationReadsTable;
  pushSubscriptions: PushSubscriptionsTable;
  popups: PopupsTable;
  adminLogs: AdminLogsTable;
  systemSettings: SystemSettingsTable;
  commissionEntries: CommissionEntriesTable;
  commissionPayouts: CommissionPayoutsTable;
  rateLimits: RateLimitsTable;
  signIns: SignInsTable;
  accountSignals: AccountSignalsTable;
  accountClusters: AccountClustersTable;
  staleClusters: StaleClustersTable;
  riskScores: RiskScoresTable;
  adminLogChain: AdminLogChainTable;
  photos: PhotosTable;
  queuedChanges: QueuedChangesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TaskRow = Selectable<TasksTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type VipPlanRow = Selectable<VipPlansTable>;
export type PayoutRow = Selectable<PayoutsTable>;
export type ReferralsRow = Selectable<ReferralsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SystemSettingsRow = Selectable<SystemSettingsTable>;
