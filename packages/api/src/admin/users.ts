import { endUserSessions } from '@app/auth';
import {
  type AccountStatus,
  type AdminUser,
  type AdminUserList,
  type AdminUserListInput,
  FREE_TIER,
  formatAmount,
  messages,
} from '@app/contracts';
import { type Db, postToLedger, type UserRow } from '@app/db';
import { sql } from 'kysely';
import { badRequest, notFound } from '../lib/errors';
import { effectiveTier } from '../vip/tier';
import { type AdminActor, logAdminAction } from './log';

export function toAdminUser(row: UserRow, now: Date): AdminUser {
  const tier = effectiveTier(row, now);
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    accountStatus: row.accountStatus,
    statusReason: row.statusReason,
    vipTier: tier.tier,
    vipExpiresAt: tier.expiresAt?.toISOString() ?? null,
    vipPendingApproval: row.vipPendingApproval,
    vipPaymentStatus: row.vipPaymentStatus,
    availableBalance: formatAmount(row.availableBalance),
    pendingPayout: formatAmount(row.pendingPayout),
    totalEarnings: formatAmount(row.totalEarnings),
    createdAt: row.createdAt.toISOString(),
    isAdmin: row.isAdmin,
  };
}

/** One user as admins see them, or 404. */
export async function findAdminUser(db: Db, userId: string, now: Date): Promise<AdminUser> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(messages.admin.userNotFound);
  return toAdminUser(row, now);
}

/** `%text%` for ILIKE, with the text's own %, _ and \ matched literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The user list (spec/admin.md section 2), newest first, one page at a time. `search` is matched, ignoring
 * case, against the e-mail, the full name (so first name, last name and "first last" all match) and the id:
 * the column users.search_text holds the three, with a trigram index.
 */
export async function listUsers(db: Db, input: AdminUserListInput, now: Date): Promise<AdminUserList> {
  let query = db.selectFrom('users');
  if (input.filter === 'pending') query = query.where('vipPendingApproval', '=', true);
  else if (input.filter === 'vip') query = query.where('vipTier', '!=', FREE_TIER).where('vipExpiresAt', '>', now);
  else if (input.filter) query = query.where('accountStatus', '=', input.filter);
  const page = (matching: typeof query) =>
    matching
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
  const countAll = (matching: typeof query) => matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();

  if (!input.search) {
    // The page is read from an index in list order and stops at its last row; only the count reads every match.
    const [rows, count] = await Promise.all([page(query).execute(), countAll(query)]);
    return { items: rows.map((row) => toAdminUser(row, now)), total: Number(count.total) };
  }
  // A search reads every match through the trigram index anyway (the page must sort them), so the same
  // scan counts them (a window count) instead of a second query finding them all again. Only a page past
  // the last match has no row to carry the count.
  const matching = query.where('searchText', 'like', sql<string>`lower(${containing(input.search)})`);
  const rows = await page(matching)
    .select((eb) => eb.fn.countAll<number>().over().as('matches'))
    .execute();
  const total = rows[0]?.matches ?? (input.page === 1 ? 0 : (await countAll(matching)).total);
  return { items: rows.map((row) => toAdminUser(row, now)), total: Number(total) };
}

/**
 * Sets a user's account status with the admin's reason (DESIGN.md section 3): suspended users can read
 * but not earn or move money, banned users cannot sign in and all their sessions end in the same
 * transaction as the ban. An admin cannot change their own status, so nobody locks themselves out by a slip.
 */
export async function setAccountStatus(
  db: Db,
  change: { userId: string; status: AccountStatus; reason: string | null },
  actor: AdminActor,
  now: Date,
): Promise<AdminUser> {
  if (change.userId === actor.adminId) throw badRequest(messages.admin.ownStatus);
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select('accountStatus')
      .where('id', '=', change.userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!before) throw notFound(messages.admin.userNotFound);
    const row = await trx
      .updateTable('users')
      .set({ accountStatus: change.status, statusReason: change.reason, updatedAt: now })
      .where('id', '=', change.userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (change.status === 'banned') await endUserSessions(trx, change.userId);
    await logAdminAction(trx, actor, {
      action: 'update_user_status',
      targetId: change.userId,
      details: { from: before.accountStatus, to: change.status, reason: change.reason },
    });
    return toAdminUser(row, now);
  });
}

/**
 * The balance editor: the member's available balance becomes `newBalance` through one admin_adjustment
 * ledger row of the difference (negative when it lowers the balance; none when it is already right),
 * described by the admin's reason. The member row is locked first, so a payout requested meanwhile is
 * applied before or after, never lost.
 */
export async function setAvailableBalance(
  db: Db,
  change: { userId: string; newBalance: number; reason: string | null },
  actor: AdminActor,
  now: Date,
): Promise<AdminUser> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('availableBalance')
      .where('id', '=', change.userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!user) throw notFound(messages.admin.userNotFound);
    const adjustment = change.newBalance - user.availableBalance;
    const reason = change.reason || messages.admin.balanceAdjusted;
    if (adjustment !== 0) {
      await postToLedger(trx, {
        userId: change.userId,
        type: 'admin_adjustment',
        amount: adjustment,
        description: reason,
        adminId: actor.adminId,
        createdAt: now,
      });
    }
    await logAdminAction(trx, actor, {
      action: 'update_balance',
      targetId: change.userId,
      details: {
        previousBalance: formatAmount(user.availableBalance),
        newBalance: formatAmount(change.newBalance),
        adjustment: formatAmount(adjustment),
        reason,
      },
    });
    const row = await trx.selectFrom('users').selectAll().where('id', '=', change.userId).executeTakeFirstOrThrow();
    return toAdminUser(row, now);
  });
}
