import { COMMISSION_PER_PAYOUT_CENTAVOS, COMMISSION_PER_UPGRADE_CENTAVOS, formatPesos } from '@app/contracts';
import { type RawBuilder, sql } from 'kysely';
import { findChainBreaks, payoutDigestOf } from './chains';
import type { Db } from './create-db';
import { type ChainHeads, compareChainHeads, readChainHeads } from './heads';
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
 * - `admin-log-mismatch`: an admin_logs row of a money action that the ledger row (or the commission
 *   entries or payout) it stands for does not bear out;
 * - `chain-broken`: a ledger row or an admin log row changed or removed since it was written (the first
 *   place each chain breaks: one per member's ledger, one for the admin log);
 * - `head-mismatch` (only given heads exported earlier): a chain whose row at a recorded head is gone or
 *   has another hash: its tail was rewritten and chained anew, or cut back.
 */
type BookProblemKind =
  | 'balance-mismatch'
  | 'negative-balance'
  | 'view-credit'
  | 'commission'
  | 'payout-changed'
  | 'admin-log-missing'
  | 'admin-log-mismatch'
  | 'chain-broken'
  | 'head-mismatch';

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
  /** The chains' heads the check read, when asked for (`exportHeadsAt`). */
  heads?: ChainHeads;
}

/** What a check also does: compare the chains with heads exported earlier, and read their heads now to export. */
interface BooksCheckOptions {
  knownHeads?: ChainHeads;
  exportHeadsAt?: Date;
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
  heldReferralPaid: 'pay_held_referral',
} as const;

/**
 * Checks every money invariant of docs/product-rules.md#money-and-time and docs/product-rules.md#decided-rules over the whole database and returns each
 * problem found (none when the books are right). A few set-based statements, read in one snapshot so a
 * server writing meanwhile cannot make the statements disagree with each other.
 */
export async function checkBooks(db: Db, options: BooksCheckOptions = {}): Promise<BooksReport> {
  const { knownHeads, exportHeadsAt } = options;
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
        ...(await adminLogMismatches(trx)),
        ...(await findChainBreaks(trx)).map((found) => ({ kind: 'chain-broken' as const, description: found.description })),
        ...(knownHeads ? await compareChainHeads(trx, knownHeads) : []).map((description) => ({
          kind: 'head-mismatch' as const,
          description,
        })),
      ];
      const counts = await countRows(trx);
      return exportHeadsAt ? { problems, counts, heads: await readChainHeads(trx, exportHeadsAt) } : { problems, counts };
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

/** Centavos as a log row's details write them (formatAmount: "150.50", "-250.50"), or NULL for anything else. */
const loggedCentavos = (text: RawBuilder<unknown>) =>
  sql<number | null>`CASE WHEN ${text} ~ '^-?[0-9]+[.][0-9]{2}$' THEN replace(${text}, '.', '')::bigint END`;

/** What a ledger row of an admin's money action is about: the member, the payout or the referral its log row targets. */
const LEDGER_TARGET_SQL = `CASE t.type WHEN 'admin_adjustment' THEN t.user_id WHEN 'referral_bonus' THEN t.referral_id ELSE t.payout_id END`;
const LEDGER_TARGET = sql.raw(LEDGER_TARGET_SQL);

/**
 * Every admin log row of a money action against what it claims (docs/product-rules.md#evidence): a balance
 * edit that changed the balance, a payout decision and a held referral bonus paid each stand for one ledger
 * row of that admin, that member, payout or referral, and that amount (the row named by `ledgerRowId`,
 * which the writers record; older rows, without it, are matched with the rows no log names, as many log
 * rows as ledger rows of each amount); a commission stats edit for the commission entries of its edit id
 * (and the ones it names, `commissionEntryIds`), which add up to the change it logged; an action on a
 * commission payout for that payout, its amount, and a status the action leads to.
 */
async function adminLogMismatches(db: Db): Promise<BookProblem[]> {
  const problem = (description: string): BookProblem => ({ kind: 'admin-log-mismatch', description });
  const a = DECISION_ACTIONS;
  const detail = (key: string) => sql`l.details->>${sql.lit(key)}`;

  const logged = sql`
    logged AS (
      SELECT l.id, l.seq, l.action, l.admin_id, l.target_id, l.details->>'ledgerRowId' AS claimed, kinds.type,
        CASE WHEN l.action = ${a.balanceEdit}::text
          THEN ${loggedCentavos(detail('newBalance'))} - ${loggedCentavos(detail('previousBalance'))}
          ELSE ${loggedCentavos(detail('amount'))}
        END AS amount
      FROM admin_logs l
      JOIN (VALUES (${a.balanceEdit}::text, 'admin_adjustment'), (${a.payout.approved}::text, 'payout_approved'),
        (${a.payout.declined}::text, 'payout_declined'), (${a.heldReferralPaid}::text, 'referral_bonus')) AS kinds(action, type)
        ON kinds.action = l.action
      WHERE l.action <> ${a.balanceEdit}::text OR ${detail('previousBalance')} IS DISTINCT FROM ${detail('newBalance')}
    )`;
  const matches = (log: string) =>
    sql.raw(
      `t.type = ${log}.type AND ${LEDGER_TARGET_SQL} = ${log}.target_id AND t.admin_id = ${log}.admin_id AND t.amount = ${log}.amount`,
    );
  type Logged = {
    id: string;
    seq: number | null;
    action: string;
    adminId: string | null;
    targetId: string | null;
    type: string;
    amount: number | null;
  };

  const named = await sql<
    Logged & { claimed: string; rowType: string | null; rowTarget: string | null; rowAdmin: string | null; rowAmount: number | null }
  >`
    WITH ${logged}
    SELECT g.*, t.type AS row_type, ${LEDGER_TARGET} AS row_target, t.admin_id AS row_admin, t.amount AS row_amount
    FROM logged g LEFT JOIN transactions t ON t.id = g.claimed
    WHERE g.claimed IS NOT NULL AND (t.id IS NULL OR NOT (${matches('g')}))
    ORDER BY g.seq
  `.execute(db);

  const twice = await sql<{ claimed: string; rows: string[] }>`
    WITH ${logged}
    SELECT claimed, array_agg('#' || seq || ' (' || id || ')' ORDER BY seq) AS rows
    FROM logged WHERE claimed IS NOT NULL GROUP BY claimed HAVING count(*) > 1
  `.execute(db);

  // Older rows name no ledger row: the nth of them with one target, admin and amount stands for the nth ledger row of those that no log row names.
  const unmatched = await sql<Logged>`
    WITH ${logged}, unnamed AS (
      SELECT t.type, ${LEDGER_TARGET} AS target_id, t.admin_id, t.amount, count(*) AS rows
      FROM transactions t
      WHERE t.type IN ('admin_adjustment', 'payout_approved', 'payout_declined', 'referral_bonus') AND t.admin_id IS NOT NULL
        AND t.id NOT IN (SELECT claimed FROM logged WHERE claimed IS NOT NULL)
      GROUP BY 1, 2, 3, 4
    ), older AS (
      SELECT g.*, row_number() OVER (PARTITION BY g.type, g.target_id, g.admin_id, g.amount ORDER BY g.seq) AS nth
      FROM logged g WHERE g.claimed IS NULL
    )
    SELECT o.id, o.seq, o.action, o.admin_id, o.target_id, o.type, o.amount
    FROM older o
    LEFT JOIN unnamed u ON u.type = o.type AND u.target_id = o.target_id AND u.admin_id = o.admin_id AND u.amount = o.amount
    WHERE o.nth > coalesce(u.rows, 0)
    ORDER BY o.seq
  `.execute(db);

  const stats = await sql<{
    id: string;
    seq: number | null;
    targetId: string | null;
    loggedTotal: number | null;
    loggedUpgrade: number | null;
    total: number;
    upgrade: number;
    entries: string[] | null;
    claimed: string[] | null;
    claimsEntries: boolean;
  }>`
    SELECT l.id, l.seq, l.target_id,
      ${loggedCentavos(sql`l.details->'after'->>'totalBalance'`)} - ${loggedCentavos(sql`l.details->'before'->>'totalBalance'`)} AS logged_total,
      ${loggedCentavos(sql`l.details->'after'->>'upgradeEarnings'`)} - ${loggedCentavos(sql`l.details->'before'->>'upgradeEarnings'`)} AS logged_upgrade,
      coalesce(e.total, 0) AS total, coalesce(e.upgrade, 0) AS upgrade, e.entries, claims.ids AS claimed,
      l.details ? 'commissionEntryIds' AS claims_entries
    FROM admin_logs l
    LEFT JOIN LATERAL (
      SELECT sum(c.amount) AS total, sum(c.amount) FILTER (WHERE c.source_id LIKE 'upgrade:%') AS upgrade, array_agg(c.id ORDER BY c.id) AS entries
      FROM commission_entries c
      WHERE c.kind = 'adjustment' AND c.source_id IN ('upgrade:' || l.target_id, 'payout:' || l.target_id)
    ) e ON true
    LEFT JOIN LATERAL (
      SELECT array_agg(value ORDER BY value) AS ids
      FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(l.details->'commissionEntryIds') = 'array' THEN l.details->'commissionEntryIds' ELSE '[]' END)
    ) claims ON true
    WHERE l.action = ${a.commissionStatsEdit}::text
  `.execute(db);

  const commissionPayouts = await sql<{
    id: string;
    seq: number | null;
    action: string;
    targetId: string | null;
    amount: number | null;
    payoutId: string | null;
    payoutAmount: number | null;
    status: string | null;
  }>`
    SELECT l.id, l.seq, l.action, l.target_id, ${loggedCentavos(detail('amount'))} AS amount,
      c.id AS payout_id, c.amount AS payout_amount, c.status
    FROM admin_logs l
    JOIN (VALUES (${a.commissionPayout.approved}::text, ARRAY['approved', 'paid']), (${a.commissionPayout.paid}::text, ARRAY['paid']),
      (${a.commissionPayout.rejected}::text, ARRAY['rejected'])) AS leads(action, statuses) ON leads.action = l.action
    LEFT JOIN commission_payouts c ON c.id = l.target_id
    WHERE c.id IS NULL OR c.amount IS DISTINCT FROM ${loggedCentavos(detail('amount'))} OR NOT (c.status = ANY (leads.statuses))
    ORDER BY l.seq
  `.execute(db);

  const logRow = (found: { seq: number | null; id: string }) =>
    `Admin log row ${found.seq === null ? '' : `#${Number(found.seq)} `}(${found.id})`;
  const money = (centavos: number | null) => (centavos === null ? 'an amount it does not state' : formatPesos(Number(centavos)));
  const TARGETS: Record<string, string> = {
    admin_adjustment: 'user',
    payout_approved: 'payout',
    payout_declined: 'payout',
    referral_bonus: 'referral',
  };
  const claim = (found: Logged) =>
    `${logRow(found)}: ${found.action} by admin ${found.adminId ?? 'none'} of ${money(found.amount)} for ${TARGETS[found.type]} ${found.targetId}`;
  return [
    ...named.rows.map((found) =>
      problem(
        found.rowType === null
          ? `${claim(found)} names ledger row ${found.claimed}, which does not exist`
          : `${claim(found)} names ledger row ${found.claimed}, which records ${found.rowType} by admin ${found.rowAdmin ?? 'none'} ` +
              `of ${money(found.rowAmount)} for ${TARGETS[found.rowType] ?? 'row'} ${found.rowTarget}`,
      ),
    ),
    ...twice.rows.map((found) => problem(`Admin log rows ${found.rows.join(' and ')} name the same ledger row ${found.claimed}`)),
    ...unmatched.rows.map((found) => problem(`${claim(found)} has no ${found.type} ledger row of that amount by that admin`)),
    ...stats.rows.flatMap((found) => {
      const edit = `${logRow(found)}: ${a.commissionStatsEdit} ${found.targetId}`;
      const sums =
        Number(found.loggedTotal) === Number(found.total) &&
        found.loggedTotal !== null &&
        Number(found.loggedUpgrade) === Number(found.upgrade) &&
        found.loggedUpgrade !== null
          ? []
          : [
              problem(
                `${edit} logs ${money(found.loggedTotal)} more balance and ${money(found.loggedUpgrade)} more upgrade earnings, ` +
                  `but its commission entries add ${money(Number(found.total))} and ${money(Number(found.upgrade))}`,
              ),
            ];
      const named = (found.claimed ?? []).join(', ');
      const entries = (found.entries ?? []).join(', ');
      const ids =
        found.claimsEntries && named !== entries
          ? [problem(`${edit} names commission entries [${named}] but the edit's entries are [${entries}]`)]
          : [];
      return [...sums, ...ids];
    }),
    ...commissionPayouts.rows.map((found) =>
      problem(
        `${logRow(found)}: ${found.action} of ${money(found.amount)} for commission payout ${found.targetId}, ` +
          (found.payoutId === null
            ? 'which does not exist'
            : `which is ${money(found.payoutAmount === null ? null : Number(found.payoutAmount))} and ${found.status}`),
      ),
    ),
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
