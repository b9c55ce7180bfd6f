import { AccountBannedError, signInPerson, type VerifiedPerson } from '@app/auth';
import { formatAmount, messages, type PayoutHold, type User, userSchema } from '@app/contracts';
import type { UserRow } from '@app/db';
import { panelUnlocked } from '../access/service';
import type { ApiDeps, Context } from '../context';
import { forbidden, notFound } from '../lib/errors';
import { prepareAnswer } from '../lib/prepared';
import type { RequestScope } from '../lib/request-scope';
import { recordSignIn } from '../risk/service';
import { type EffectiveTier, effectiveTier } from '../vip/tier';

/** Why a member's payouts are held and since when, or null. */
export function payoutHoldOf(row: Pick<UserRow, 'payoutHoldReason' | 'payoutHeldAt'>): PayoutHold {
  return row.payoutHoldReason ? { reason: row.payoutHoldReason, since: (row.payoutHeldAt ?? new Date(0)).toISOString() } : null;
}

/** Who a user is: the fields every view of a user starts with. */
export function identityOf(row: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'profileImageUrl'>) {
  return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl };
}

/**
 * The user as members see themselves: live balances, the tier in force now, and the task count, all from
 * the user row the session brought (its cached balances and counts move with every ledger row).
 */
function toUser(row: UserRow, tier: EffectiveTier, adminUnlocked: boolean): User {
  return {
    ...identityOf(row),
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isAdmin: row.isAdmin,
    accountStatus: row.accountStatus,
    vipTier: tier.tier,
    vipExpiresAt: tier.expiresAt?.toISOString() ?? null,
    vipPendingApproval: row.vipPendingApproval,
    referralCode: row.referralCode,
    referredBy: row.referredBy,
    referralCount: row.referralCount,
    totalEarnings: formatAmount(row.totalEarnings),
    availableBalance: formatAmount(row.availableBalance),
    pendingPayout: formatAmount(row.pendingPayout),
    totalPaidOut: formatAmount(row.totalPaidOut),
    referralEarnings: formatAmount(row.referralEarnings),
    pendingBonuses: formatAmount(row.pendingBonuses),
    completedTasks: Number(row.completedTasks),
    adminUnlocked: row.isAdmin && adminUnlocked,
    payoutHold: payoutHoldOf(row),
    statusReason: row.accountStatus === 'active' ? null : row.statusReason,
  };
}

/**
 * Each member's own view, by the user row it was made from (docs/architecture.md#prepared-answers): the
 * session cache gives every request of a session the same row until the row changes, so the view is made
 * again only when the row, the tier in force or the admin's unlock changes.
 */
const ownViews = new WeakMap<UserRow, { tier: string; expiresAt: number | undefined; adminUnlocked: boolean; user: User }>();

/**
 * The signed-in user as they see themselves (GET /api/auth/user), prepared once per user row, with whether
 * their admin panel is unlocked now.
 */
export function readOwnUser(session: Pick<Context, 'adminUnlockedUntil' | 'now'> & { user: UserRow }): User {
  const row = session.user;
  const adminUnlocked = panelUnlocked(session);
  const tier = effectiveTier(row, session.now());
  const expiresAt = tier.expiresAt?.getTime();
  const kept = ownViews.get(row);
  if (kept && kept.tier === tier.tier && kept.expiresAt === expiresAt && kept.adminUnlocked === adminUnlocked) return kept.user;
  const user = prepareAnswer(userSchema, toUser(row, tier, adminUnlocked));
  ownViews.set(row, { tier: tier.tier, expiresAt, adminUnlocked, user });
  return user;
}

/**
 * Everything a sign-in does once the person is known, for the development sign-in and the provider's
 * callback alike: the user found or made, a new session (a token planted before sign-in never becomes a
 * signed-in one), and the sign-in recorded with the client's address and device for the fraud checks.
 * Throws AccountBannedError and UnverifiedEmailInUseError from signInPerson.
 */
export async function signInAndStartSession(deps: ApiDeps, scope: RequestScope, person: VerifiedPerson): Promise<UserRow> {
  const user = await signInPerson(deps.db, person, deps.settings.adminEmails);
  // A member's first sign-in keeps the language they were reading the site in (docs/architecture.md#two-languages).
  if (user.language === null) {
    await deps.db.updateTable('users').set({ language: scope.language }).where('id', '=', user.id).where('language', 'is', null).execute();
    user.language = scope.language;
  }
  const previousToken = scope.cookie(deps.sessions.cookieName);
  if (previousToken) await deps.sessions.invalidateSession(previousToken);
  const { cookie } = await deps.sessions.createSession(user.id);
  scope.setCookie(cookie);
  await recordSignIn(deps.db, { userId: user.id, address: scope.ip, deviceId: scope.deviceId, at: deps.now() });
  return user;
}

/**
 * The development sign-in (docs/architecture.md#identity-and-access): not found whenever an identity provider is
 * configured, and a banned account refused as the provider's callback refuses it.
 */
export async function devSignIn(ctx: Pick<Context, keyof ApiDeps | 'req'>, person: VerifiedPerson): Promise<void> {
  if (!ctx.settings.devLoginEnabled) throw notFound(messages.common.notFound);
  try {
    await signInAndStartSession(ctx, ctx.req, person);
  } catch (error) {
    if (error instanceof AccountBannedError) throw forbidden(messages.auth.accountBanned);
    throw error;
  }
}
