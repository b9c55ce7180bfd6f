import { endUserSessions } from '@app/auth';
import {
  type AccountStatus,
  type AdminUser,
  type AdminUserListInput,
  FREE_TIER,
  formatAmount,
  formatPesos,
  noticeMessages,
  staffMessages,
} from '@app/contracts';
import { type Database, type Db, postToLedger, type Tx, type UserRow } from '@app/db';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { identityOf } from '../auth/service';
import { holdToBalanceCeiling } from '../lib/balance-ceiling';
import { AppError, badRequest, forbidden, notFound } from '../lib/errors';
import { type ListRead, queueLength } from '../lib/queue';
import { notifyMember } from '../notifications/service';
import { effectiveTier, firstPlanEnd } from '../vip/tier';

/** The columns an admin's view of a user reads; the list selects these and no more of its 29. */
const ADMIN_USER_COLUMNS = [
  'id',
  'email',
  'firstName',
  'lastName',
  'profileImageUrl',
  'accountStatus',
  'statusReason',
  'vipTier',
  'vipExpiresAt',
  'vipDailyTaskLimit',
  'vipRewardPerTask',
  'vipPendingApproval',
  'vipPaymentStatus',
  'availableBalance',
  'pendingPayout',
  'totalEarnings',
  'createdAt',
  'isAdmin',
] as const satisfies readonly (keyof UserRow)[];

function toAdminUser(row: Pick<UserRow, (typeof ADMIN_USER_COLUMNS)[number]>, now: Date): AdminUser {
  const tier = effectiveTier(row, now);
  return {
    ...identityOf(row),
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
export async function readAdminUser(db: Db, userId: string, now: Date): Promise<AdminUser> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(staffMessages.admin.userNotFound);
  return toAdminUser(row, now);
}

/** `%text%` for ILIKE, with the text's own %, _ and \ matched literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The users an admin list shows: its filter and, if any, its search. */
function listedBy(input: AdminUserListInput, now: Date) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const conditions: Expression<SqlBool>[] = [];
    if (input.filter === 'pending') conditions.push(eb('vipPendingApproval', '=', true));
    else if (input.filter === 'vip') conditions.push(eb('vipTier', '!=', FREE_TIER), eb('vipExpiresAt', '>', now));
    else if (input.filter) conditions.push(eb('accountStatus', '=', input.filter));
    if (input.search) conditions.push(eb('searchText', 'like', sql<string>`lower(${containing(input.search)})`));
    return eb.and(conditions);
  };
}

/**
 * The user list (docs/screens.md#admin-screens), newest first, one page at a time. `search` is matched, ignoring
 * case, against the e-mail, the full name (so first name, last name and "first last" all match) and the id:
 * the column users.search_text holds the three, with a trigram index.
 *
 * A kept page (answerAdminList) shows each member's tier as of now, so it lasts until the first plan on it
 * ends; filtered to VIP members, until any member's plan ends, which takes them off the list.
 */
export async function listAllUsers(db: Db, input: AdminUserListInput, now: Date): Promise<ListRead<AdminUser>> {
  const [{ items, total, rows }, nextPlanEnd] = await Promise.all([
    readUserPage(db, input, now),
    input.filter === 'vip'
      ? db
          .selectFrom('users')
          .where('vipTier', '!=', FREE_TIER)
          .where('vipExpiresAt', '>', now)
          .select((eb) => eb.fn.min('vipExpiresAt').as('end'))
          .executeTakeFirstOrThrow()
      : undefined,
  ]);
  const validUntil = nextPlanEnd ? nextPlanEnd.end : firstPlanEnd(rows, now);
  return { items, total, members: [], validUntil };
}

async function readUserPage(db: Db, input: AdminUserListInput, now: Date) {
  const listed = listedBy(input, now);
  const offset = (input.page - 1) * input.pageSize;
  const countListed = () =>
    db
      .selectFrom('users')
      .where(listed)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();

  if (!input.search) {
    // The page is read from an index in list order and stops at its last row; only the count reads every match.
    const [rows, total] = await Promise.all([
      db
        .selectFrom('users')
        .where(listed)
        .select(ADMIN_USER_COLUMNS)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(input.pageSize)
        .offset(offset)
        .execute(),
      queueLength(db, `admin-users:${input.filter ?? 'all'}`, undefined, countListed),
    ]);
    return { items: rows.map((row) => toAdminUser(row, now)), total, rows };
  }

  // A search finds its matches once, through the trigram index (a materialized CTE, so the planner cannot
  // trade that for walking the list's order index past every user), then counts them and takes the page
  // from them. Only a page past the last match has no row to carry the count.
  const rows = await db
    .with(
      (cte) => cte('matches').materialized(),
      (query) => query.selectFrom('users').where(listed).select(['id', 'createdAt']),
    )
    .selectFrom('users')
    .select(ADMIN_USER_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('matches')
        .select((count) => count.fn.countAll<number>().as('total'))
        .as('matches'),
    )
    .where('users.id', 'in', (eb) =>
      eb
        .selectFrom('matches')
        .select('matches.id')
        .orderBy('matches.createdAt', 'desc')
        .orderBy('matches.id', 'desc')
        .limit(input.pageSize)
        .offset(offset),
    )
    .orderBy('users.createdAt', 'desc')
    .orderBy('users.id', 'desc')
    .execute();
  const total = rows[0]?.matches ?? (input.page === 1 ? 0 : (await countListed()).total);
  return { items: rows.map((row) => toAdminUser(row, now)), total: Number(total), rows };
}

/** The user an admin changes, locked until the transaction ends so no concurrent change interleaves; 404 when absent. */
async function lockUserForChange(trx: Db, userId: string) {
  const user = await trx
    .selectFrom('users')
    .select(['accountStatus', 'availableBalance'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!user) throw notFound(staffMessages.admin.userNotFound);
  return user;
}

/**
 * An admin's change of another member's row, in one transaction, given the row as lockUserForChange locked
 * it; an admin's own row is refused with `ownRowRefusal` before anything is read.
 */
function changeOtherMember<T>(
  db: Db,
  userId: string,
  actor: AdminActor,
  ownRowRefusal: AppError,
  change: (trx: Tx, before: Awaited<ReturnType<typeof lockUserForChange>>) => Promise<T>,
): Promise<T> {
  if (userId === actor.adminId) throw ownRowRefusal;
  return db.transaction().execute(async (trx) => change(trx, await lockUserForChange(trx, userId)));
}

/**
 * Sets a user's account status with the admin's reason (docs/architecture.md#identity-and-access): suspended users can read
 * but not earn or move money, banned users cannot sign in and all their sessions end in the same
 * transaction as the ban. An admin cannot change their own status, so nobody locks themselves out by a slip.
 */
export async function setAccountStatus(
  db: Db,
  change: { userId: string; status: AccountStatus; reason: string | null },
  actor: AdminActor,
  now: Date,
): Promise<AdminUser> {
  return changeOtherMember(db, change.userId, actor, badRequest(staffMessages.admin.ownStatus), async (trx, before) => {
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
 * described by the admin's reason, which the member is told with the signed amount. The member row is locked first and compared with the balance the
 * admin saw (`expectedBalance`): a payout or an earning that landed since is never silently undone, the
 * edit is refused (409) with the balance as it is now. Nobody edits their own balance, and nobody raises
 * one above `balanceCeiling` (holdToBalanceCeiling).
 */
export async function setAvailableBalance(
  db: Db,
  change: { userId: string; newBalance: number; expectedBalance: number; reason: string },
  actor: AdminActor,
  now: Date,
  balanceCeiling: number,
): Promise<AdminUser> {
  return changeOtherMember(db, change.userId, actor, forbidden(staffMessages.admin.ownBalance), async (trx, user) => {
    // The admin decided on the balance they saw: a payout or an earning since then would be undone.
    if (change.expectedBalance !== user.availableBalance) {
      const current = formatAmount(user.availableBalance);
      throw new AppError('CONFLICT', staffMessages.admin.balanceChanged(formatPesos(user.availableBalance)), {
        details: { currentBalance: current },
      });
    }
    holdToBalanceCeiling({ before: user.availableBalance, after: change.newBalance }, balanceCeiling);
    const adjustment = change.newBalance - user.availableBalance;
    const reason = change.reason;
    const posted =
      adjustment === 0
        ? null
        : await postToLedger(trx, {
            userId: change.userId,
            type: 'admin_adjustment',
            amount: adjustment,
            description: reason,
            adminId: actor.adminId,
            createdAt: now,
          });
    if (adjustment !== 0) {
      await notifyMember(trx, {
        userId: change.userId,
        title: noticeMessages.balanceAdjustedTitle,
        message: noticeMessages.balanceAdjustedBody(`${adjustment > 0 ? '+' : '-'}${formatPesos(Math.abs(adjustment))}`, reason),
        type: 'info',
        adminId: actor.adminId,
        link: '/',
        now,
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
        // The log row names the ledger row it stands for, which the books check matches it with (docs/product-rules.md#evidence).
        ...(posted ? { ledgerRowId: posted.id } : {}),
      },
    });
    const row = await trx.selectFrom('users').selectAll().where('id', '=', change.userId).executeTakeFirstOrThrow();
    return toAdminUser(row, now);
  });
}
