/** Business constants of docs/product-rules.md#constants-and-limits. */

export const FREE_TIER = 'FREE';
export const FREE_DAILY_TASK_LIMIT = 5;
export const DEFAULT_TASK_VIEW_SECONDS = 20;
/** A view not completed within this many seconds of its start is closed without credit. */
export const VIEW_EXPIRY_SECONDS = 10 * 60;
export const TASK_AUTO_OPEN_MS = 2000;

export const MAINTENANCE_CHECK_MS = 60_000;
export const MAINTENANCE_COUNTDOWN_SECONDS = 300;

/**
 * The most calls one tRPC batch may carry: the apps' link splits larger batches, and the server refuses
 * them (400), so one request cannot make the server run hundreds of procedures.
 */
export const MAX_BATCH_CALLS = 20;

/**
 * How long a page whose live stream was refused or shed waits before it asks again (Retry-After), and the
 * first step of the member app's backoff, which doubles from there up to LIVE_RETRY_MAX_MS. Here rather
 * than in live.ts: the apps' first chunk reads these, and must not load the stream's schemas with them.
 */
export const LIVE_RETRY_AFTER_SECONDS = 30;
export const LIVE_RETRY_MAX_MS = 10 * 60_000;

/**
 * The header of every GET batch's answer that says where the live feed was before the batch read anything:
 * a page's first stream resumes from its first read's position (docs/architecture.md#live-updates). Here,
 * not in live.ts, whose schemas would bring zod into every app's first chunk.
 */
export const LIVE_POSITION_HEADER = 'live-position';

export const DASHBOARD_TASK_COUNT = 3;
export const DASHBOARD_TRANSACTION_COUNT = 4;
export const COPY_CONFIRMATION_MS = 2000;
export const CHAT_STALE_MS = 60_000;

export const PAYOUT_METHODS = ['G-CASH', 'PAYMAYA', 'BINANCE', 'COINSPH', 'BDO', 'PayPal', 'Bank Transfer'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
/** The method the payout form starts with (docs/screens.md#member-screens): the wallet most members are paid to. */
export const DEFAULT_PAYOUT_METHOD: PayoutMethod = 'G-CASH';
export const PAYOUT_MIN_CENTAVOS = 15_000;
export const PAYOUT_MAX_CENTAVOS = 200_000;
/** The most a payout's destination (number, e-mail or account, and the holder's name) may hold: a member's or the operator's. */
export const PAYOUT_DETAILS_MAX_LENGTH = 500;

export const REFERRAL_BONUS_CENTAVOS = 5_000;
/** A referral code can be applied this long after joining, and only before the first credited task. */
export const REFERRAL_CODE_WINDOW_MS = 24 * 60 * 60_000;
export const VIP_SPONSOR_BONUS_CENTAVOS = 5_000;

export const COMMISSION_PER_UPGRADE_CENTAVOS = 500;
export const COMMISSION_PER_PAYOUT_CENTAVOS = 1_000;
export const COMMISSION_PAYOUT_METHODS = ['G-CASH', 'PayMaya', 'Bank Transfer'] as const;

/**
 * The names members and staff read for each payout method: the brands' own spelling. The API values
 * (`G-CASH`, `PAYMAYA`, ...) stay what clients send and receive; screens and notices show these.
 */
const PAYOUT_METHOD_NAMES: Record<PayoutMethod | (typeof COMMISSION_PAYOUT_METHODS)[number], string> = {
  'G-CASH': 'GCash',
  PAYMAYA: 'Maya',
  PayMaya: 'Maya',
  COINSPH: 'Coins.ph',
  BDO: 'BDO',
  'Bank Transfer': 'Bank transfer',
  PayPal: 'PayPal',
  BINANCE: 'Binance',
};

/** The shown name of a payout method; a value no longer offered is shown as stored. */
export function payoutMethodName(method: string): string {
  return PAYOUT_METHOD_NAMES[method as keyof typeof PAYOUT_METHOD_NAMES] ?? method;
}

/** Methods as a form's list offers them: each shown by its name, choosing its API value. */
export function payoutMethodOptions(methods: readonly string[]): { value: string; label: string }[] {
  return methods.map((method) => ({ value: method, label: payoutMethodName(method) }));
}
/**
 * The most one edit of the commission stats editor may move each of its two figures, up or down
 * (docs/product-rules.md#commission). The editor corrects the ledger; the operator's income is the ₱5.00 and
 * ₱10.00 the events earn. ₱5,000.00 is a thousand upgrades' commission, far more than any correction of a
 * miscounted event needs, and small enough that no single admin can write in a fortune.
 */
export const COMMISSION_EDIT_MAX_CENTAVOS = 500_000;

/**
 * The business ceiling of a balance, ₱1,000,000.00, unless BALANCE_CEILING sets another
 * (docs/product-rules.md#admin-access): no admin edit raises a member's available balance or the operator's
 * commission balance above it.
 */
export const DEFAULT_BALANCE_CEILING_CENTAVOS = 100_000_000;

/** The six plans' ids and names, as migration 0002 creates them; ids never change, so a name needs no query. */
const VIP_PLAN_NAMES = {
  VIP300: 'VIP 300',
  VIP400: 'VIP 400',
  VIP500: 'VIP 500',
  VIPPREMIUM1000: 'VIP Premium 1000',
  VIPGOLD2000: 'VIP Gold 2000',
  VIPSUPERPLAN3000: 'VIP Super Plan 3000',
} as const;
type VipPlanId = keyof typeof VIP_PLAN_NAMES;

/** A plan as people read it ('VIP 300', never 'VIP300'); an id that is not a plan stays as it is. */
export function planName(tier: string): string {
  return Object.hasOwn(VIP_PLAN_NAMES, tier) ? VIP_PLAN_NAMES[tier as VipPlanId] : tier;
}
export const VIP_VALIDITY_DAYS = 15;
export const VIP_DAILY_TASK_LIMIT = 10;
export const VIP_TRANSACTION_DIGITS = 13;

export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The most pixels (width × height) a photo may have: a small file that decodes to a huge image is refused
 * unread. 24 megapixels is more than a phone's usual photo (12 to 16) and decodes into at most about 96 MB.
 */
export const PROFILE_PHOTO_MAX_PIXELS = 24_000_000;

export const ACCOUNT_STATUSES = ['active', 'suspended', 'banned'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
/** The admin user list's filters (?filter= of /admin/users): three account states, VIP members, pending VIP requests. */
export const ADMIN_USER_FILTERS = ['pending', 'vip', 'active', 'suspended', 'banned'] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export const POPUP_MIN_SECONDS = 5;
export const POPUP_MAX_SECONDS = 300;
export const POPUP_DEFAULT_SECONDS = 30;

export const ADMIN_PANEL_VERSION = '1.0.0';

/** Toast behaviour of docs/product-rules.md#constants-and-limits. */
export const TOAST = {
  limit: 1,
  durationMs: 5000,
  swipeDirection: 'right',
  swipeThreshold: 50,
  hotkey: ['F8'],
  removeDelayMs: 1_000_000,
} as const;

/** Transaction kinds of the ledger (docs/product-rules.md#money-and-time). */
export const TRANSACTION_TYPES = [
  'earning',
  'referral_bonus',
  'vip_purchase',
  'payout',
  'payout_approved',
  'payout_declined',
  'admin_adjustment',
  'referral_bonus_pending',
  'referral_bonus_released',
  'referral_bonus_withheld',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * Rate limits (docs/architecture.md#identity-and-access): at most `max` calls per `windowMs`. Sign-in, the commission login and
 * the referral lookup count per client address; the others per signed-in user.
 */
export const RATE_LIMITS = {
  signIn: { max: 60, windowMs: 10 * 60_000 },
  commissionLogin: { max: 10, windowMs: 15 * 60_000 },
  photoUpload: { max: 10, windowMs: 60 * 60_000 },
  /** Uploads from one address block, whichever accounts send them (accounts are free); room for a carrier's shared address. */
  photoUploadPerAddress: { max: 60, windowMs: 60 * 60_000 },
  supportMessage: { max: 30, windowMs: 5 * 60_000 },
  payoutRequest: { max: 10, windowMs: 60 * 60_000 },
  referralLookup: { max: 30, windowMs: 10 * 60_000 },
  /** The member app sends its browser traits once per tab and session: more is someone writing values by hand. */
  deviceTraits: { max: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, { max: number; windowMs: number }>;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Linked accounts (docs/product-rules.md#fraud-rules). A browser-traits value held by more accounts than
 * `rareTraitsAccounts` is a common phone model and browser, not one person: it weighs nothing and links
 * nothing. A cluster is walked to at most `clusterMaxMembers` accounts. `velocityAccounts` accounts made
 * from one device or address, or paying out to one destination, within 24 hours are each flagged.
 */
export const FRAUD_LIMITS = { rareTraitsAccounts: 5, clusterMaxMembers: 500, velocityAccounts: 3 } as const;

/**
 * Lockouts that only wrong passwords feed: after `max` wrong ones in `windowMs` every attempt is refused
 * until the window ends, and a correct password is never counted. The admin panel password counts per
 * admin; the operator's sign-in counts per username tried, so guessing from many addresses is stopped too.
 */
export const WRONG_PASSWORD_LIMITS = {
  adminUnlock: { max: 5, windowMs: 15 * 60_000 },
  /** Per username tried, from every browser but the operator's known ones. */
  commissionLogin: { max: 10, windowMs: 15 * 60_000 },
  /** Per browser the operator has signed in from (its commission_device mark). */
  commissionLoginKnownDevice: { max: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, { max: number; windowMs: number }>;
export type WrongPasswordLimitName = keyof typeof WRONG_PASSWORD_LIMITS;

/** The ad network's loader (Google AdSense, whose publisher id AD_CLIENT_ID holds). */
export const AD_SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

/**
 * Member-site pages a signed-out visitor sees inside the member layout (docs/screens.md#member-screens, route
 * table); any other page of the layout shows them the landing page.
 */
export const VISITOR_PAGES: ReadonlySet<string> = new Set(['/tasks', '/about', '/privacy', '/terms', '/help']);

/**
 * Whether a signed-out visitor at this member-site path sees the landing page: every path but the visitor
 * pages and the pages outside the member layout (a referral link, the task browser). The server sends a
 * request without a session cookie for such a path the landing page's own HTML and script
 * (docs/architecture.md#what-a-page-loads-first).
 */
export function showsLandingToVisitors(pathname: string): boolean {
  return !VISITOR_PAGES.has(pathname) && !/^\/(referral|task-browser)(\/|$)/.test(pathname);
}

/** How long a passkey step-up lets money decisions through (docs/architecture.md#passkeys-and-the-step-up). */
export const STEP_UP_MINUTES = 10;
/** How long a passkey ceremony's challenge may be answered. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX_LENGTH = 60;
