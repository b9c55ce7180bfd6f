import { type Kysely, sql } from 'kysely';
import { rechainAdminLogs, rechainLedger } from '../chains';

/**
 * Evidence that cannot be rewritten quietly: every ledger row carries its place in its member's ledger
 * (`seq`) and a hash of its content and of the member's previous row; each member's latest hash is kept
 * on the member (`ledger_head`). Admin log rows form one such chain, its head in admin_log_chain. The
 * hash functions are SQL, so the writers and the check compute them the same way. Rows already there
 * are chained in the order they were written. Its ledger_row_hash is exported: migration 0024 replaces it,
 * and puts it back when undone.
 */
export const LEDGER_ROW_HASH_0008 = `CREATE FUNCTION ledger_row_hash(
     prev text, id text, user_id text, seq bigint, type text, amount bigint, available_delta bigint, pending_delta bigint,
     earnings_delta bigint, referral_delta bigint, paid_out_delta bigint, description text, task_view_id text, payout_id text,
     vip_request_id text, referral_id text, admin_id text, reference text, created_at timestamptz
   ) RETURNS text LANGUAGE sql STABLE AS $$
     SELECT encode(sha256(convert_to(jsonb_build_array(
       prev, id, user_id, seq, type, amount, available_delta, pending_delta, earnings_delta, referral_delta, paid_out_delta,
       description, task_view_id, payout_id, vip_request_id, referral_id, admin_id, reference,
       floor(extract(epoch FROM created_at) * 1000000)::bigint
     )::text, 'UTF8')), 'hex')
   $$`;

const statements = [
  LEDGER_ROW_HASH_0008,
  `CREATE FUNCTION admin_log_hash(
     prev text, id text, seq bigint, admin_id text, action text, target_id text, details jsonb, ip_address text, created_at timestamptz
   ) RETURNS text LANGUAGE sql STABLE AS $$
     SELECT encode(sha256(convert_to(jsonb_build_array(
       prev, id, seq, admin_id, action, target_id, details, ip_address, floor(extract(epoch FROM created_at) * 1000000)::bigint
     )::text, 'UTF8')), 'hex')
   $$`,
  'ALTER TABLE transactions ADD COLUMN seq bigint',
  'ALTER TABLE transactions ADD COLUMN hash text',
  'ALTER TABLE users ADD COLUMN ledger_head text',
  'ALTER TABLE admin_logs ADD COLUMN seq bigint',
  'ALTER TABLE admin_logs ADD COLUMN hash text',
  `CREATE TABLE admin_log_chain (
     id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
     seq bigint NOT NULL DEFAULT 0,
     head text
   )`,
  'INSERT INTO admin_log_chain (id, seq, head) VALUES (1, 0, NULL)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  // With this migration's own hash: a later migration that changes what it covers chains again itself.
  await rechainLedger(db, '0008');
  await rechainAdminLogs(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'DROP TABLE admin_log_chain',
    'ALTER TABLE admin_logs DROP COLUMN hash',
    'ALTER TABLE admin_logs DROP COLUMN seq',
    'ALTER TABLE users DROP COLUMN ledger_head',
    'ALTER TABLE transactions DROP COLUMN hash',
    'ALTER TABLE transactions DROP COLUMN seq',
    'DROP FUNCTION admin_log_hash',
    'DROP FUNCTION ledger_row_hash',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
