import { type QueryExecutorProvider, sql } from 'kysely';
import { ADMIN_LOG_CONTENT, CURRENT_LEDGER_HASH, LEDGER_CONTENT, type LedgerHashVersion } from './chains';

/** Where the hash chains (chains.ts) no longer hold: a row changed, removed, repeated or never chained. */
export interface ChainBreak {
  chain: 'ledger' | 'admin-log';
  /** The member whose ledger it is (ledger chains only). */
  userId: string | null;
  /** The row that no longer matches, or that follows a removed one; null when the last row is gone. */
  rowId: string | null;
  description: string;
}

const rowText = (seq: number | null, id: string | null) => (seq === null ? `row ${id}` : `row #${seq} (${id})`);
const breakText: Record<string, (seq: number | null, id: string | null) => string> = {
  unchained: (seq, id) => `${rowText(seq, id)} is not chained`,
  removed: (seq, id) => `a row before ${rowText(seq, id)} was removed`,
  duplicated: (seq, id) => `${rowText(seq, id)} repeats a place in the chain`,
  changed: (seq, id) => `${rowText(seq, id)} was changed: its hash does not match its content and the row before it`,
};

/**
 * The first place each member's ledger chain is broken, by the hash of `version` (a migration checks the
 * chains with the hash they were made with before it chains them anew): a row whose content or hash was
 * changed, a row removed (a gap in the numbering, or a head that no longer names the last row), or a row
 * that was never chained.
 */
export async function findLedgerChainBreaks(
  db: QueryExecutorProvider,
  version: LedgerHashVersion = CURRENT_LEDGER_HASH,
): Promise<ChainBreak[]> {
  const ledger = await sql<{ userId: string; id: string | null; seq: number | null; problem: string }>`
    WITH ordered AS (
      SELECT t.*, lag(t.hash) OVER w AS prev_hash, row_number() OVER w AS position
      FROM transactions t WINDOW w AS (PARTITION BY t.user_id ORDER BY t.seq NULLS FIRST, t.id)
    ), broken AS (
      SELECT user_id, id, seq, position,
        CASE
          WHEN seq IS NULL OR hash IS NULL THEN 'unchained'
          WHEN seq > position THEN 'removed'
          WHEN seq < position THEN 'duplicated'
          WHEN hash <> ledger_row_hash(prev_hash, ${LEDGER_CONTENT('ordered', version)}) THEN 'changed'
        END AS problem
      FROM ordered
    )
    SELECT DISTINCT ON (user_id) user_id, id, seq, problem FROM broken WHERE problem IS NOT NULL ORDER BY user_id, position
  `.execute(db);
  const tails = await sql<{ userId: string; ledgerRows: number; lastSeq: number | null }>`
    SELECT u.id AS user_id, u.ledger_rows, last.seq AS last_seq
    FROM users u
    LEFT JOIN LATERAL (SELECT seq, hash FROM transactions WHERE user_id = u.id ORDER BY seq DESC NULLS LAST LIMIT 1) last ON true
    WHERE u.ledger_head IS DISTINCT FROM last.hash
  `.execute(db);
  return [
    ...ledger.rows.map((row) => ({
      chain: 'ledger' as const,
      userId: row.userId,
      rowId: row.id,
      description: `Ledger of user ${row.userId}: ${breakText[row.problem]!(row.seq === null ? null : Number(row.seq), row.id)}`,
    })),
    ...tails.rows
      .filter((tail) => !ledger.rows.some((row) => row.userId === tail.userId))
      .map((tail) => ({
        chain: 'ledger' as const,
        userId: tail.userId,
        rowId: null,
        description: `Ledger of user ${tail.userId}: its last row (#${Number(tail.ledgerRows)}) was removed or changed: the member's ledger head no longer names row #${tail.lastSeq ?? 0}`,
      })),
  ];
}

/** The first place each chain is broken: each member's ledger (findLedgerChainBreaks) and the admin log. */
export async function findChainBreaks(db: QueryExecutorProvider): Promise<ChainBreak[]> {
  const log = await sql<{ id: string; seq: number | null; problem: string }>`
    WITH ordered AS (
      SELECT l.*, lag(l.hash) OVER w AS prev_hash, row_number() OVER w AS position
      FROM admin_logs l WINDOW w AS (ORDER BY l.seq NULLS FIRST, l.id)
    )
    SELECT id, seq,
      CASE
        WHEN seq IS NULL OR hash IS NULL THEN 'unchained'
        WHEN seq > position THEN 'removed'
        WHEN seq < position THEN 'duplicated'
        ELSE 'changed'
      END AS problem
    FROM ordered
    WHERE seq IS NULL OR hash IS NULL OR seq <> position OR hash <> admin_log_hash(prev_hash, ${ADMIN_LOG_CONTENT('ordered')})
    ORDER BY position
    LIMIT 1
  `.execute(db);
  const logHead = await sql<{ seq: number; lastSeq: number | null }>`
    SELECT c.seq, (SELECT max(seq) FROM admin_logs) AS last_seq FROM admin_log_chain c
    WHERE c.head IS DISTINCT FROM (SELECT hash FROM admin_logs ORDER BY seq DESC NULLS LAST LIMIT 1)
  `.execute(db);
  return [
    ...(await findLedgerChainBreaks(db)),
    ...log.rows.map((row) => ({
      chain: 'admin-log' as const,
      userId: null,
      rowId: row.id,
      description: `Admin log: ${breakText[row.problem]!(row.seq === null ? null : Number(row.seq), row.id)}`,
    })),
    ...(log.rows.length === 0
      ? logHead.rows.map((head) => ({
          chain: 'admin-log' as const,
          userId: null,
          rowId: null,
          description: `Admin log: its last row (#${Number(head.seq)}) was removed or changed: the chain's head no longer names row #${head.lastSeq ?? 0}`,
        }))
      : []),
  ];
}
