import { sql } from 'kysely';
import type { Db } from './create-db';
import { jsonb } from './json';

/**
 * The chains' heads as they were at a moment, kept off the database (docs/product-rules.md#evidence): each
 * member's latest ledger row (its place and hash) and the admin log's. Whoever can write the database can
 * rewrite a ledger's tail and chain it anew with the database's own functions, and the chains then check
 * clean; rows written since the heads were exported are fine, but a row at a recorded place must still
 * have the recorded hash.
 */
export interface ChainHeads {
  /** When the heads were read (ISO 8601). */
  exportedAt: string;
  members: { id: string; seq: number; hash: string }[];
  adminLog: { seq: number; head: string | null };
}

/** The heads as they are now, read in the caller's snapshot. */
export async function readChainHeads(db: Db, now: Date): Promise<ChainHeads> {
  const members = await sql<{ id: string; seq: number; hash: string }>`
    SELECT DISTINCT ON (user_id) user_id AS id, seq, hash
    FROM transactions WHERE seq IS NOT NULL AND hash IS NOT NULL
    ORDER BY user_id, seq DESC
  `.execute(db);
  const log = await sql<{ seq: number; hash: string }>`
    SELECT seq, hash FROM admin_logs WHERE seq IS NOT NULL ORDER BY seq DESC LIMIT 1
  `.execute(db);
  const [last] = log.rows;
  return {
    exportedAt: now.toISOString(),
    members: members.rows.map((row) => ({ id: row.id, seq: Number(row.seq), hash: row.hash })),
    adminLog: { seq: Number(last?.seq ?? 0), head: last?.hash ?? null },
  };
}

/** Why a text is not a heads file, or the heads it holds. */
export function parseChainHeads(text: string): ChainHeads | { refused: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { refused: 'it is not JSON' };
  }
  const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const place = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  if (!record(value) || typeof value.exportedAt !== 'string' || Number.isNaN(Date.parse(value.exportedAt))) {
    return { refused: 'it has no exportedAt time' };
  }
  const { members, adminLog } = value;
  if (
    !Array.isArray(members) ||
    !members.every((m) => record(m) && typeof m.id === 'string' && place(m.seq) && typeof m.hash === 'string')
  ) {
    return { refused: 'its members are not a list of { id, seq, hash }' };
  }
  if (!record(adminLog) || !place(adminLog.seq) || !(adminLog.head === null || typeof adminLog.head === 'string')) {
    return { refused: 'its adminLog is not { seq, head }' };
  }
  return {
    exportedAt: value.exportedAt,
    members: members as ChainHeads['members'],
    adminLog: { seq: adminLog.seq as number, head: adminLog.head as string | null },
  };
}

/**
 * Each recorded head against the row now at its place: one sentence per member whose ledger, or for the
 * admin log, was rewritten or cut back since the heads were exported.
 */
export async function compareChainHeads(db: Db, heads: ChainHeads): Promise<string[]> {
  const exported = `the heads exported at ${heads.exportedAt}`;
  const ledgers = await sql<{ id: string; seq: number; lastSeq: number | null; rowId: string | null }>`
    SELECT h.id, h.seq, t.id AS row_id, (SELECT max(l.seq) FROM transactions l WHERE l.user_id = h.id) AS last_seq
    FROM jsonb_to_recordset(${jsonb(heads.members)}) AS h(id text, seq bigint, hash text)
    LEFT JOIN transactions t ON t.user_id = h.id AND t.seq = h.seq
    WHERE t.hash IS DISTINCT FROM h.hash
    ORDER BY h.id
  `.execute(db);
  const log = await sql<{ rowId: string | null; lastSeq: number | null }>`
    SELECT l.id AS row_id, (SELECT max(seq) FROM admin_logs) AS last_seq
    FROM (SELECT 1) one LEFT JOIN admin_logs l ON l.seq = ${heads.adminLog.seq}
    WHERE ${heads.adminLog.seq}::bigint > 0 AND l.hash IS DISTINCT FROM ${heads.adminLog.head}
  `.execute(db);

  const differs = (chain: string, seq: number, rowId: string | null, lastSeq: number | null) =>
    rowId === null
      ? `${chain}: row #${seq}, recorded in ${exported}, is gone (the chain now ends at row #${Number(lastSeq ?? 0)}): its tail was removed`
      : `${chain}: row #${seq} (${rowId}) no longer has the hash recorded in ${exported}: the chain up to it was rewritten and chained anew`;
  return [
    ...ledgers.rows.map((row) => differs(`Ledger of user ${row.id}`, Number(row.seq), row.rowId, row.lastSeq)),
    ...log.rows.map((row) => differs('Admin log', heads.adminLog.seq, row.rowId, row.lastSeq)),
  ];
}
