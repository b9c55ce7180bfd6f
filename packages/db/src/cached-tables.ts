/**
 * Who reads a cached table's rows: `own`, the writer's own (the session and its user: a member's earnings,
 * profile, sign-out); `shared`, everyone (the settings, the tasks, the plans and the admin queues' tables);
 * `admin-list`, admins alone (the ledger, the activity log, the risk queue, the held referral bonuses, the
 * payout queue's cluster sizes): written by members all day, but only an admin's own write must be read
 * back at once.
 */
type CachedTableReaders = 'own' | 'shared' | 'admin-list';

/**
 * The tables whose rows this instance caches (docs/architecture.md#caches), by their SQL name, declared
 * once: the write tracking reads it for kysely's statements and raw SQL alike, and a test holds it to the
 * tables whose triggers notify their changes.
 */
export const CACHED_TABLES = {
  users: 'own',
  sessions: 'own',
  system_settings: 'shared',
  tasks: 'shared',
  vip_plans: 'shared',
  payouts: 'shared',
  vip_requests: 'shared',
  support_messages: 'shared',
  commission_payouts: 'shared',
  transactions: 'admin-list',
  admin_logs: 'admin-list',
  risk_scores: 'admin-list',
  referrals: 'admin-list',
  account_signals: 'admin-list',
  account_clusters: 'admin-list',
} as const satisfies Record<string, CachedTableReaders>;

type CachedTable = keyof typeof CACHED_TABLES;

/** A table's SQL name, whether kysely's statement names it as the schema does (vipPlans) or as SQL does (vip_plans). */
function sqlName(table: string): string {
  return table.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Who reads the table's rows, or undefined for a table no cache holds. */
export function readersOf(table: string): CachedTableReaders | undefined {
  const name = sqlName(table);
  return Object.hasOwn(CACHED_TABLES, name) ? CACHED_TABLES[name as CachedTable] : undefined;
}

/** The cached table a raw SQL statement writes, if it writes one. */
const RAW_WRITE = new RegExp(String.raw`\b(?:update|insert\s+into|delete\s+from)\s+"?(${Object.keys(CACHED_TABLES).join('|')})\b`, 'i');

export function cachedTableWrittenBy(rawSql: string): string | undefined {
  return RAW_WRITE.exec(rawSql)?.[1]?.toLowerCase();
}
