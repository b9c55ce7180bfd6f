import type { Db } from '@app/db';
import { sql } from 'kysely';

/**
 * Tables a call may write even when it is refused, left out of the snapshot: sessions slide their
 * expiry on signed-in requests, both session tables lose an expired session whenever one is presented,
 * rate_limits counts every attempt, refused ones included (that is its job), and queued_changes empties
 * as earlier calls' notifications go out. kysely's own migration tables are not app data.
 */
const VOLATILE_TABLES = new Set([
  'sessions',
  'commission_sessions',
  'rate_limits',
  'queued_changes',
  'kysely_migration',
  'kysely_migration_lock',
]);

const BALANCE_COLUMNS = ['available_balance', 'pending_payout', 'total_earnings', 'referral_earnings', 'total_paid_out'];

export type DatabaseSnapshot = Record<string, { rows: number; digest: string }>;

/**
 * Every other table's row count and a digest of its rows, plus the sums of the users' balance columns
 * (readable in a failure diff): equal snapshots mean no row was added, removed or changed.
 */
export async function takeSnapshot(db: Db): Promise<DatabaseSnapshot> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name
  `.execute(db);
  const perTable = tables
    .filter(({ name }) => !VOLATILE_TABLES.has(name))
    .map(({ name }) => {
      const table = `"${name.replaceAll('"', '""')}"`;
      return `SELECT '${name}' AS name, count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM ${table} t`;
    });
  const balances = `SELECT 'users balances' AS name, count(*)::int AS rows, concat_ws(' ', ${BALANCE_COLUMNS.map((c) => `sum(${c})`).join(', ')}) AS digest FROM users`;
  const { rows } = await sql.raw<{ name: string; rows: number; digest: string }>([...perTable, balances].join(' UNION ALL ')).execute(db);
  return Object.fromEntries(rows.map(({ name, rows: count, digest }) => [name, { rows: count, digest }]));
}
