import { randomUUID } from 'node:crypto';
import { type QueryExecutorProvider, type RawBuilder, sql } from 'kysely';
import type { Db } from './create-db';
import { jsonb } from './json';

/**
 * The hash chains over the ledger (one per member) and the admin log (one for all): what a row's hash
 * covers and how rows are chained when written in bulk (chain-breaks.ts checks them). Rows written one at
 * a time chain themselves (postToLedger, appendAdminLog) with the same SQL functions (migration 0008; the
 * ledger's replaced by 0024).
 */

/** What a ledger row's hash covers as migration 0008 made it, in the order ledger_row_hash takes it after `prev`. */
const LEDGER_HASHED_0008 = [
  'id',
  'user_id',
  'seq',
  'type',
  'amount',
  'available_delta',
  'pending_delta',
  'earnings_delta',
  'referral_delta',
  'paid_out_delta',
  'description',
  'task_view_id',
  'payout_id',
  'vip_request_id',
  'referral_id',
  'admin_id',
  'reference',
  'created_at',
] as const;

/**
 * Each migration's hash: 0024's (the same name in SQL: it replaces the function) also covers the row's
 * move of the pending bonuses, its status and the digest of its payout (docs/product-rules.md#evidence).
 */
const LEDGER_HASHES = {
  '0008': LEDGER_HASHED_0008,
  '0024': [...LEDGER_HASHED_0008, 'bonus_pending_delta', 'status', 'payout_digest'] as const,
};

/** The hash a migration chained with; the writers and the check always use the latest. */
export type LedgerHashVersion = keyof typeof LEDGER_HASHES;
export const CURRENT_LEDGER_HASH: LedgerHashVersion = '0024';
export type LedgerHashedColumn = (typeof LEDGER_HASHES)['0024'][number];

/** ledger_row_hash of the current version, given each hashed column's value (postToLedger's row before it is written). */
export function ledgerRowHash(
  prev: RawBuilder<string | null>,
  values: Record<LedgerHashedColumn, RawBuilder<unknown>>,
): RawBuilder<string> {
  return sql<string>`ledger_row_hash(${sql.join([prev, ...LEDGER_HASHES[CURRENT_LEDGER_HASH].map((column) => values[column])])})`;
}

/** The arguments of ledger_row_hash after `prev`, read from a row named `row`. */
export const LEDGER_CONTENT = (row: string, version: LedgerHashVersion) =>
  sql.raw(LEDGER_HASHES[version].map((column) => `${row}.${column}`).join(', '));

/**
 * The columns of a payout that its ledger rows' `payout_digest` covers (docs/product-rules.md#evidence),
 * in payout_digest's order: all but `destination_shared`, which a trigger sets when another account uses
 * the destination (migration 0015). Migration 0028 added the transfer reference (a payout_digest of 13
 * arguments, equal to 0024's for a payout without one).
 */
const PAYOUT_DIGESTED_0024 = [
  'id',
  'user_id',
  'payment_method',
  'amount',
  'payment_details',
  'details',
  'destination',
  'status',
  'decided_by',
  'decided_at',
  'note',
  'created_at',
] as const;
const PAYOUT_DIGESTS = { '0024': PAYOUT_DIGESTED_0024, '0028': [...PAYOUT_DIGESTED_0024, 'transfer_reference'] } as const;
type PayoutDigestVersion = keyof typeof PAYOUT_DIGESTS;

/** payout_digest of the payouts row named `row` as it is now: the latest digest, or the one a migration wrote with. */
export const payoutDigestOf = (row: string, version: PayoutDigestVersion = '0028') =>
  sql<string>`payout_digest(${sql.raw(PAYOUT_DIGESTS[version].map((column) => `${row}.${column}`).join(', '))})`;

export const ADMIN_LOG_CONTENT = (row: string) =>
  sql.raw(
    ['id', 'seq', 'admin_id', 'action', 'target_id', 'details', 'ip_address', 'created_at'].map((column) => `${row}.${column}`).join(', '),
  );

/**
 * Makes a copy's `position` its `seq`, indexed and analysed. Renaming rather than an UPDATE of every row:
 * an updated copy inside the caller's transaction leaves the index unusable to the chain's steps and the
 * planner without statistics, so each of the chain's steps scanned the whole copy (a seed of 22,000 admin
 * log rows took minutes instead of a tenth of a second).
 */
async function renumbered(db: QueryExecutorProvider, table: string, indexColumns: string): Promise<void> {
  await sql.raw(`ALTER TABLE ${table} DROP COLUMN seq`).execute(db);
  await sql.raw(`ALTER TABLE ${table} RENAME COLUMN position TO seq`).execute(db);
  await sql.raw(`CREATE INDEX ${table}_idx ON ${table} (${indexColumns})`).execute(db);
  await sql.raw(`ANALYZE ${table}`).execute(db);
}

/**
 * Chains every member's ledger anew with the hash of `version` (a migration's own; the latest otherwise): for
 * rows written in bulk (a migration, the benchmark's seed). Rows keep the places they hold (`seq`), and rows
 * never chained follow them in the order they were written (created_at, then id). From migration 0024 on,
 * each payout's latest ledger row takes the digest of the payout as it is now (by `digestVersion`'s columns), as
 * postToLedger would have recorded it (docs/product-rules.md#evidence). Level by level over an indexed copy, so the work grows with
 * the number of rows, not with their square. Run inside a transaction.
 */
export async function rechainLedger(
  db: QueryExecutorProvider,
  version: LedgerHashVersion = CURRENT_LEDGER_HASH,
  digestVersion: PayoutDigestVersion = '0028',
): Promise<void> {
  const digests = (LEDGER_HASHES[version] as readonly string[]).includes('payout_digest');
  await sql`DROP TABLE IF EXISTS ledger_order`.execute(db);
  await sql`
    CREATE TEMP TABLE ledger_order AS
    SELECT t.*, row_number() OVER (PARTITION BY t.user_id ORDER BY t.seq NULLS LAST, t.created_at, t.id) AS position
    ${
      digests
        ? sql`, CASE
            WHEN t.payout_id IS NOT NULL
              AND row_number() OVER (PARTITION BY t.payout_id ORDER BY t.seq DESC NULLS FIRST, t.created_at DESC, t.id DESC) = 1
            THEN ${payoutDigestOf('p', digestVersion)} ELSE t.payout_digest
          END AS latest_digest
          FROM transactions t LEFT JOIN payouts p ON p.id = t.payout_id`
        : sql`FROM transactions t`
    }
  `.execute(db);
  if (digests) {
    await sql`ALTER TABLE ledger_order DROP COLUMN payout_digest`.execute(db);
    await sql`ALTER TABLE ledger_order RENAME COLUMN latest_digest TO payout_digest`.execute(db);
  }
  await renumbered(db, 'ledger_order', 'user_id, seq');
  const digest = digests ? sql`o.payout_digest` : sql`NULL::text`;
  await sql`
    WITH RECURSIVE chain (id, user_id, seq, hash, digest) AS (
      SELECT o.id, o.user_id, o.seq, ledger_row_hash(NULL, ${LEDGER_CONTENT('o', version)}), ${digest} FROM ledger_order o WHERE o.seq = 1
      UNION ALL
      SELECT o.id, o.user_id, o.seq, ledger_row_hash(c.hash, ${LEDGER_CONTENT('o', version)}), ${digest}
      FROM chain c JOIN ledger_order o ON o.user_id = c.user_id AND o.seq = c.seq + 1
    )
    UPDATE transactions t SET seq = chain.seq, hash = chain.hash ${digests ? sql`, payout_digest = chain.digest` : sql``}
    FROM chain WHERE t.id = chain.id
  `.execute(db);
  await sql`
    UPDATE users u SET ledger_head = last.hash
    FROM (SELECT DISTINCT ON (user_id) user_id, hash FROM transactions ORDER BY user_id, seq DESC) last
    WHERE last.user_id = u.id
  `.execute(db);
  await sql`DROP TABLE ledger_order`.execute(db);
}

/** Chains the whole admin log anew, in the order it was written, and sets the chain's head. */
export async function rechainAdminLogs(db: QueryExecutorProvider): Promise<void> {
  await sql`DROP TABLE IF EXISTS admin_log_order`.execute(db);
  await sql`CREATE TEMP TABLE admin_log_order AS SELECT l.*, row_number() OVER (ORDER BY created_at, id) AS position FROM admin_logs l`.execute(
    db,
  );
  await renumbered(db, 'admin_log_order', 'seq');
  await sql`
    WITH RECURSIVE chain (id, seq, hash) AS (
      SELECT o.id, o.seq, admin_log_hash(NULL, ${ADMIN_LOG_CONTENT('o')}) FROM admin_log_order o WHERE o.seq = 1
      UNION ALL
      SELECT o.id, o.seq, admin_log_hash(c.hash, ${ADMIN_LOG_CONTENT('o')}) FROM chain c JOIN admin_log_order o ON o.seq = c.seq + 1
    )
    UPDATE admin_logs l SET seq = chain.seq, hash = chain.hash FROM chain WHERE l.id = chain.id
  `.execute(db);
  await sql`
    UPDATE admin_log_chain SET
      seq = coalesce((SELECT max(seq) FROM admin_logs), 0),
      head = (SELECT hash FROM admin_logs ORDER BY seq DESC LIMIT 1)
  `.execute(db);
  await sql`DROP TABLE admin_log_order`.execute(db);
}

export interface AdminLogRow {
  adminId: string | null;
  action: string;
  targetId: string | null;
  details: Record<string, unknown>;
  ipAddress: string | null;
}

/**
 * Appends a row to the admin log, chained to the row before it. The chain's head row is locked until the
 * caller's transaction ends, which orders admin actions one after another (they are few); given no
 * transaction, it makes its own, so the head and the row are written together or not at all.
 */
export async function appendAdminLog(db: Db, row: AdminLogRow): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => appendAdminLog(trx, row));
  const id = randomUUID();
  const details = jsonb(row.details);
  const chain = await db
    .updateTable('adminLogChain')
    .set({
      seq: sql`seq + 1`,
      head: sql<string>`admin_log_hash(head, ${id}, seq + 1, ${row.adminId}, ${row.action}, ${row.targetId}, ${details}, ${row.ipAddress}, now())`,
    })
    .returning(['seq', 'head'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('adminLogs')
    .values({ id, ...row, details, seq: chain.seq, hash: chain.head, createdAt: sql<Date>`now()` })
    .execute();
}
