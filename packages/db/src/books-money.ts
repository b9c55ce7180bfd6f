import { COMMISSION_PER_PAYOUT_CENTAVOS, COMMISSION_PER_UPGRADE_CENTAVOS, formatPesos } from '@app/contracts';
import { sql } from 'kysely';
import type { BookProblem } from './book-problems';
import { payoutDigestOf } from './chains';
import type { Db } from './create-db';

/*
 * The books check's money invariants (checkBooks, books.ts): each task view credited once for its reward,
 * the operator's commission earned exactly once per upgrade and approved payout, and each payout as its
 * ledger rows recorded it.
 */

export async function viewCreditProblems(db: Db): Promise<BookProblem[]> {
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

export async function commissionProblems(db: Db): Promise<BookProblem[]> {
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
export async function payoutProblems(db: Db): Promise<BookProblem[]> {
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
