import { formatPesos } from '@app/contracts';
import { sql } from 'kysely';
import type { BookProblem, BookProblemKind } from './book-problems';
import { adminLogMismatches, missingAdminLogs } from './books-admin-logs';
import { commissionProblems, payoutProblems, viewCreditProblems } from './books-money';
import { findChainBreaks } from './chain-breaks';
import type { Db } from './create-db';
import { type ChainHeads, compareChainHeads, readChainHeads } from './heads';
import { checkLedger } from './ledger-check';

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
