import { formatPesos } from '@app/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { BookProblem } from './book-problems';
import type { Db } from './create-db';

/*
 * The books check's view of the admin log (checkBooks, books.ts): every admin money move and decision has
 * its log row, and every log row of a money action is borne out by what it claims.
 */

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

export async function missingAdminLogs(db: Db): Promise<BookProblem[]> {
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
export async function adminLogMismatches(db: Db): Promise<BookProblem[]> {
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
