import { COMMISSION_PER_PAYOUT_CENTAVOS, COMMISSION_PER_UPGRADE_CENTAVOS, formatPesos } from '@app/contracts';
import { sql } from 'kysely';
import { findChainBreaks, payoutDigestOf } from './chains';
import type { Db } from './create-db';
import { checkLedger } from './ledger';

/**
 * What can be wrong with the books:
 * - `balance-mismatch`: a cached balance on users differs from the sum of that user's ledger rows;
 * - `negative-balance`: a balance column below zero;
 * - `view-credit`: a task view credited more than once, an earning without its completed view, or a
 *   completed view that was never credited;
 * - `commission`: the operator's ledger does not match the VIP upgrades and approved payouts that earn
 *   it, or the operator has asked for more than was earned;
 * - `payout-changed`: a payout changed outside the application (its row no longer matches the digest its
 *   latest ledger row recorded), without its request's or its decision's ledger row, or whose ledger rows
 *   say another amount;
 * - `admin-log-missing`: an admin's money move or decision without its admin_logs row;
 * - `chain-broken`: a ledger row or an admin log row changed or removed since it was written (the first
 *   place each chain breaks: one per member's ledger, one for the admin log).
 */
type BookProblemKind =
  | 'balance-mismatch'
  | 'negative-balance'
  | 'view-credit'
  | 'commission'
  | 'payout-changed'
  | 'admin-log-missing'
  | 'chain-broken';

export interface BookProblem {
  kind: BookProblemKind;
  description: string;
}

/** How much the check read, for its summary line. */
interface BookCounts {
  users: number;
  ledgerRows: number;
  taskViews: number;
  commissionEntries: number;
  commissionPayouts: number;
  adminLogs: number;
}

export interface BooksReport {
  problems: BookProblem[];
  counts: BookCounts;
}

/**
 * The admin_logs action each decided state was reached by (packages/api/src/admin and commission).
 * A rename there without a rename here shows up as missing log rows in the bank test.
 */
const DECISION_ACTIONS = {
  payout: { approved: 'approve_payout', declined: 'decline_payout' },
  vipRequest: { approved: 'approve_vip', rejected: 'reject_vip' },
  commissionPayout: { approved: 'approve_commission_payout', rejected: 'reject_commission_payout', paid: 'pay_commission_payout' },
  balanceEdit: 'update_balance',
  commissionStatsEdit: 'update_commission_stats',
} as const;

/**
 * Checks every money invariant of docs/product-rules.md#money-and-time and docs/product-rules.md#decided-rules over the whole database and returns each
 * problem found (none when the books are right). A few set-based statements, read in one snapshot so a
 * server writing meanwhile cannot make the statements disagree with each other.
 */
export async function checkBooks(db: Db): Promise<BooksReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const problems = [
        ...(await balanceMismatches(trx)),
        ...(await negativeBalances(trx)),
        ...(await viewCreditProblems(trx)),
        ...(await commissionProblems(trx)),
        ...(await payoutProblems(trx)),
        ...(await missingAdminLogs(trx)),
        ...(await findChainBreaks(trx)).map((found) => ({ kind: 'chain-broken' as const, description: found.description })),
      ];
      return { problems, counts: await countRows(trx) };
    });
}

/** One line for a log or a terminal: what was read and how many problems of each kind. */
export function summarizeBooks({ problems, counts }: BooksReport): string {
  const read =
    `${counts.users} users, ${counts.ledgerRows} ledger rows, ${counts.taskViews} task views, ` +
    `${counts.commissionEntries} commission entries, ${counts.commissionPayouts} commission payouts, ${counts.adminLogs} admin log rows`;
  if (problems.length === 0) return `Books check: no problems in ${read}.`;
  const byKind = new Map<BookProblemKind, number>();
  for (const problem of problems) byKind.set(problem.kind, (byKind.get(problem.kind) ?? 0) + 1);
  const kinds = [...byKind].map(([kind, count]) => `${count} ${kind}`).join(', ');
  return `Books check: ${problems.length} problems (${kinds}) in ${read}.`;
}

async function balanceMismatches(db: Db): Promise<BookProblem[]> {
  const differences = await checkLedger(db);
  return differences.map((d) => ({
    kind: 'balance-mismatch',
    description:
      d.column === 'ledgerRows' || d.column === 'completedTasks'
        ? `User ${d.userId}: ${d.column} is ${d.cached} but the user has ${d.ledger} ${d.column === 'ledgerRows' ? 'ledger' : 'earning'} rows`
        : `User ${d.userId}: ${d.column} is ${formatPesos(d.cached)} but its ledger rows sum to ${formatPesos(d.ledger)}`,
  }));
}

const BALANCE_COLUMNS = [
  'availableBalance',
  'pendingPayout',
  'totalEarnings',
  'referralEarnings',
  'totalPaidOut',
  'pendingBonuses',
] as const;

async function negativeBalances(db: Db): Promise<BookProblem[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', ...BALANCE_COLUMNS])
    .where((eb) => eb.or(BALANCE_COLUMNS.map((column) => eb(column, '<', 0))))
    .execute();
  return rows.flatMap((row) =>
    BALANCE_COLUMNS.filter((column) => Number(row[column]) < 0).map((column) => ({
      kind: 'negative-balance' as const,
      description: `User ${row.id}: ${column} is ${formatPesos(Number(row[column]))}, below zero`,
    })),
  );
}

async function viewCreditProblems(db: Db): Promise<BookProblem[]> {
  const problem = (description: string): BookProblem => ({ kind: 'view-credit', description });

  const credits = await sql<{ taskViewId: string; credits: number }>`
    SELECT task_view_id, count(*) AS credits
    FROM transactions
    WHERE type = 'earning' AND task_view_id IS NOT NULL
    GROUP BY task_view_id
    HAVING count(*) > 1
  `.execute(db);

  // An earning must be the credit of one completed view of the same member, for the view's reward.
  const earnings = await sql<{
    id: string;
    userId: string;
    amount: number;
    viewId: string | null;
    viewUserId: string | null;
    completedAt: Date | null;
    reward: number | null;
  }>`
    SELECT t.id, t.user_id, t.amount, v.id AS view_id, v.user_id AS view_user_id, v.completed_at, v.reward
    FROM transactions t
    LEFT JOIN task_views v ON v.id = t.task_view_id
    WHERE t.type = 'earning'
      AND (v.id IS NULL OR v.completed_at IS NULL OR v.user_id <> t.user_id OR v.reward IS DISTINCT FROM t.amount)
  `.execute(db);

  const uncredited = await sql<{ id: string; userId: string }>`
    SELECT v.id, v.user_id
    FROM task_views v
    WHERE v.completed_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.task_view_id = v.id AND t.type = 'earning')
  `.execute(db);

  return [
    ...credits.rows.map((row) => problem(`Task view ${row.taskViewId} is credited ${Number(row.credits)} times`)),
    ...earnings.rows.map((row) => {
      const earning = `Earning ${row.id} of user ${row.userId}`;
      if (row.viewId === null) return problem(`${earning} has no task view`);
      if (row.completedAt === null) return problem(`${earning} credits task view ${row.viewId}, which is not completed`);
      if (row.viewUserId !== row.userId) return problem(`${earning} credits task view ${row.viewId} of user ${row.viewUserId}`);
      const reward = row.reward === null ? 'no reward' : formatPesos(Number(row.reward));
      return problem(`${earning} is ${formatPesos(Number(row.amount))} but its task view ${row.viewId} records ${reward}`);
    }),
    ...uncredited.rows.map((row) => problem(`Task view ${row.id} of user ${row.userId} is completed but was never credited`)),
  ];
}

async function commissionProblems(db: Db): Promise<BookProblem[]> {
  const problem = (description: string): BookProblem => ({ kind: 'commission', description });

  // Every approved VIP request (by payment proof or with earnings) and every approved member payout
  // earns exactly one entry of its fixed amount.
  const events = await sql<{ kind: 'upgrade' | 'payout'; sourceId: string; entries: number; amount: number }>`
    SELECT e.kind, e.source_id, count(c.id) AS entries, coalesce(sum(c.amount), 0) AS amount
    FROM (
      SELECT 'upgrade' AS kind, id AS source_id, ${COMMISSION_PER_UPGRADE_CENTAVOS}::bigint AS due FROM vip_requests WHERE status = 'approved'
      UNION ALL
      SELECT 'payout', id, ${COMMISSION_PER_PAYOUT_CENTAVOS}::bigint FROM payouts WHERE status = 'approved'
    ) e
    LEFT JOIN commission_entries c ON c.kind = e.kind AND c.source_id = e.source_id
    GROUP BY e.kind, e.source_id, e.due
    HAVING count(c.id) <> 1 OR coalesce(sum(c.amount), 0) <> e.due
  `.execute(db);

  const orphans = await sql<{ id: string; kind: string; sourceId: string | null }>`
    SELECT c.id, c.kind, c.source_id
    FROM commission_entries c
    WHERE (c.kind = 'upgrade' AND NOT EXISTS (SELECT 1 FROM vip_requests r WHERE r.id = c.source_id AND r.status = 'approved'))
       OR (c.kind = 'payout' AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.id = c.source_id AND p.status = 'approved'))
       OR (c.kind = 'adjustment' AND (c.source_id IS NULL OR c.source_id !~ '^(upgrade|payout):.'))
  `.execute(db);

  // The operator's figures as the dashboard derives them (packages/api/src/commission/service.ts): the
  // balance is everything earned and adjusted less the payouts not rejected, and neither the balance nor
  // the upgrade figure can be brought below zero by the operator or by the stats editor.
  const figures = await sql<{ earned: number; upgradeEarnings: number; requested: number }>`
    SELECT
      (SELECT coalesce(sum(amount), 0) FROM commission_entries) AS earned,
      (SELECT coalesce(sum(amount), 0) FROM commission_entries
        WHERE kind = 'upgrade' OR (kind = 'adjustment' AND source_id LIKE 'upgrade:%')) AS upgrade_earnings,
      (SELECT coalesce(sum(amount), 0) FROM commission_payouts WHERE status <> 'rejected') AS requested
  `.execute(db);
  const { earned, upgradeEarnings, requested } = figures.rows[0] ?? { earned: 0, upgradeEarnings: 0, requested: 0 };

  const due = { upgrade: COMMISSION_PER_UPGRADE_CENTAVOS, payout: COMMISSION_PER_PAYOUT_CENTAVOS };
  const eventNames = { upgrade: 'VIP upgrade', payout: 'Approved payout' };
  return [
    ...events.rows.map((row) =>
      problem(
        `${eventNames[row.kind]} ${row.sourceId} has ${Number(row.entries)} commission entries totalling ` +
          `${formatPesos(Number(row.amount))}; it earns exactly one of ${formatPesos(due[row.kind])}`,
      ),
    ),
    ...orphans.rows.map((row) =>
      problem(
        row.kind === 'adjustment'
          ? `Commission adjustment ${row.id} names no figure (source ${row.sourceId ?? 'none'})`
          : `Commission entry ${row.id} (${row.kind}) has no approved ${row.kind === 'upgrade' ? 'VIP request' : 'payout'} ${row.sourceId ?? ''}`.trimEnd(),
      ),
    ),
    ...(Number(requested) > Number(earned)
      ? [
          problem(
            `Commission payouts requested (${formatPesos(Number(requested))}) exceed the commission earned (${formatPesos(Number(earned))})`,
          ),
        ]
      : []),
    ...(Number(upgradeEarnings) < 0
      ? [problem(`The upgrade commission figure is ${formatPesos(Number(upgradeEarnings))}, below zero`)]
      : []),
  ];
}

/** The ledger row a payout's state comes to, by its decision (docs/product-rules.md#evidence). */
const DECISION_ROWS = { approved: 'payout_approved', declined: 'payout_declined' } as const;

/**
 * Each payout against its ledger rows (docs/product-rules.md#evidence): its row as it is must match the
 * digest its latest ledger row recorded, so a destination, an amount or a decision changed in the database
 * shows; it must have its request's row, its decision's row once decided, and rows of its own amount.
 */
async function payoutProblems(db: Db): Promise<BookProblem[]> {
  const problem = (description: string): BookProblem => ({ kind: 'payout-changed', description });

  const changed = await sql<{ id: string; userId: string; rowId: string; seq: number | null }>`
    SELECT p.id, p.user_id, latest.id AS row_id, latest.seq
    FROM payouts p
    JOIN LATERAL (
      SELECT t.id, t.seq, t.payout_digest FROM transactions t WHERE t.payout_id = p.id ORDER BY t.seq DESC NULLS LAST, t.created_at DESC LIMIT 1
    ) latest ON true
    WHERE latest.payout_digest IS DISTINCT FROM ${payoutDigestOf('p')}
  `.execute(db);

  const missing = await sql<{ id: string; userId: string; status: string; type: string }>`
    SELECT p.id, p.user_id, p.status, wanted.type
    FROM payouts p
    JOIN (VALUES ('pending', 'payout'), ('approved', 'payout'), ('declined', 'payout'),
      ('approved', ${DECISION_ROWS.approved}::text), ('declined', ${DECISION_ROWS.declined}::text)) AS wanted(status, type)
      ON wanted.status = p.status
    WHERE NOT EXISTS (SELECT 1 FROM transactions t WHERE t.payout_id = p.id AND t.type = wanted.type)
  `.execute(db);

  const amounts = await sql<{
    rowId: string;
    seq: number | null;
    type: string;
    amount: number;
    id: string;
    userId: string;
    payoutAmount: number;
  }>`
    SELECT t.id AS row_id, t.seq, t.type, t.amount, p.id, p.user_id, p.amount AS payout_amount
    FROM transactions t JOIN payouts p ON p.id = t.payout_id
    WHERE t.amount <> p.amount
  `.execute(db);

  const row = (seq: number | null, id: string) => (seq === null ? `ledger row ${id}` : `ledger row #${Number(seq)} (${id})`);
  return [
    ...changed.rows.map((found) =>
      problem(
        `Payout ${found.id} of user ${found.userId} was changed outside the application: it no longer matches what its ` +
          `${row(found.seq, found.rowId)} recorded (its details, destination, amount, status or decision)`,
      ),
    ),
    ...missing.rows.map((found) =>
      problem(
        found.type === 'payout'
          ? `Payout ${found.id} of user ${found.userId} has no payout request ledger row`
          : `Payout ${found.id} of user ${found.userId} is ${found.status} but has no ${found.type} ledger row`,
      ),
    ),
    ...amounts.rows.map((found) =>
      problem(
        `Payout ${found.id} of user ${found.userId} is ${formatPesos(Number(found.payoutAmount))} but its ${found.type} ` +
          `${row(found.seq, found.rowId)} is ${formatPesos(Number(found.amount))}`,
      ),
    ),
  ];
}

async function missingAdminLogs(db: Db): Promise<BookProblem[]> {
  const problem = (description: string): BookProblem => ({ kind: 'admin-log-missing', description });
  const a = DECISION_ACTIONS;

  // Balance edits carry no id of their own: each admin's adjustments of a member are matched by count
  // with that admin's logged edits of that member that changed the balance.
  const adjustments = await sql<{ userId: string; adminId: string | null; adjustments: number; logs: number }>`
    SELECT t.user_id, t.admin_id, count(*) AS adjustments, coalesce(max(l.logs), 0) AS logs
    FROM transactions t
    LEFT JOIN (
      SELECT target_id, admin_id, count(*) AS logs
      FROM admin_logs
      WHERE action = ${a.balanceEdit}::text AND details->>'previousBalance' IS DISTINCT FROM details->>'newBalance'
      GROUP BY target_id, admin_id
    ) l ON l.target_id = t.user_id AND l.admin_id = t.admin_id
    WHERE t.type = 'admin_adjustment'
    GROUP BY t.user_id, t.admin_id
    HAVING count(*) > coalesce(max(l.logs), 0)
  `.execute(db);

  const decisions = await sql<{ subject: string; id: string; status: string; action: string }>`
    SELECT 'Payout' AS subject, p.id, p.status, d.action
    FROM payouts p
    JOIN (VALUES ('approved', ${a.payout.approved}::text), ('declined', ${a.payout.declined}::text)) AS d(status, action) ON d.status = p.status
    WHERE NOT EXISTS (SELECT 1 FROM admin_logs l WHERE l.action = d.action AND l.target_id = p.id)
    UNION ALL
    SELECT 'VIP request', r.id, r.status, d.action
    FROM vip_requests r
    JOIN (VALUES ('approved', ${a.vipRequest.approved}::text), ('rejected', ${a.vipRequest.rejected}::text)) AS d(status, action) ON d.status = r.status
    WHERE r.payment_method = 'gcash'
      AND NOT EXISTS (
        SELECT 1 FROM admin_logs l WHERE l.action = d.action AND l.target_id = r.user_id AND l.details->>'requestId' = r.id
      )
    UNION ALL
    SELECT 'Commission payout', c.id, c.status, d.action
    FROM commission_payouts c
    JOIN (
      VALUES ('approved', ${a.commissionPayout.approved}::text), ('rejected', ${a.commissionPayout.rejected}::text), ('paid', ${a.commissionPayout.paid}::text)
    ) AS d(status, action) ON d.status = c.status
    WHERE NOT EXISTS (SELECT 1 FROM admin_logs l WHERE l.action = d.action AND l.target_id = c.id)
    UNION ALL
    SELECT 'Commission adjustment', e.id, 'entered', ${a.commissionStatsEdit}::text
    FROM commission_entries e
    WHERE e.kind = 'adjustment'
      AND NOT EXISTS (
        SELECT 1 FROM admin_logs l WHERE l.action = ${a.commissionStatsEdit}::text AND l.target_id = split_part(e.source_id, ':', 2)
      )
  `.execute(db);

  return [
    ...adjustments.rows.map((row) =>
      problem(
        row.adminId === null
          ? `User ${row.userId} has ${Number(row.adjustments)} admin adjustments that name no admin`
          : `User ${row.userId} has ${Number(row.adjustments)} balance adjustments by admin ${row.adminId} but ${Number(row.logs)} ${a.balanceEdit} log rows`,
      ),
    ),
    ...decisions.rows.map((row) => problem(`${row.subject} ${row.id} is ${row.status} but has no ${row.action} log row`)),
  ];
}

async function countRows(db: Db): Promise<BookCounts> {
  const { rows } = await sql<Record<keyof BookCounts, number>>`
    SELECT
      (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM transactions) AS ledger_rows,
      (SELECT count(*) FROM task_views) AS task_views,
      (SELECT count(*) FROM commission_entries) AS commission_entries,
      (SELECT count(*) FROM commission_payouts) AS commission_payouts,
      (SELECT count(*) FROM admin_logs) AS admin_logs
  `.execute(db);
  const row = rows[0];
  return {
    users: Number(row?.users ?? 0),
    ledgerRows: Number(row?.ledgerRows ?? 0),
    taskViews: Number(row?.taskViews ?? 0),
    commissionEntries: Number(row?.commissionEntries ?? 0),
    commissionPayouts: Number(row?.commissionPayouts ?? 0),
    adminLogs: Number(row?.adminLogs ?? 0),
  };
}
