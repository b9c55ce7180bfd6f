import { type Kysely, sql } from 'kysely';
import { findLedgerChainBreaks } from '../chain-breaks';
import { rechainLedger } from '../chains';
import { LEDGER_ROW_HASH_0008 } from './0008_tamper_evident';
import { MONEY_COLUMNS, textArray } from './0019_queued_changes';
import { notifyUserChange, versionedPayload } from './0020_versioned_user_changes';

/**
 * Evidence the books cannot be rewritten quietly, and pending referral bonuses as a state of the ledger
 * (docs/product-rules.md#evidence, docs/product-rules.md#money-and-time):
 * - three ledger kinds move a new cached balance, `users.pending_bonuses`, through
 *   `transactions.bonus_pending_delta`;
 * - a ledger row's hash also covers its status, its pending-bonus move and `payout_digest`: for a row of a
 *   payout, the digest of the payout row as it was when the row was posted (payout_digest), so a payout's
 *   details, destination, amount or decision changed in the database no longer match its latest row;
 * - every member's ledger is chained anew with the new hash, and each payout's latest row takes the digest
 *   of the payout as it is now. Only after the chains were checked with the old hash: chaining a ledger
 *   someone changed would make the change look as written.
 * Member rows changed by a pending-bonus posting are queued like the other money columns (migration 0019).
 */
const KINDS_0001 = ['earning', 'referral_bonus', 'vip_purchase', 'payout', 'payout_approved', 'payout_declined', 'admin_adjustment'];
const PENDING_BONUS_KINDS = ['referral_bonus_pending', 'referral_bonus_released', 'referral_bonus_withheld'];
const kindsAllowed = (kinds: string[]) =>
  `ALTER TABLE transactions ADD CONSTRAINT transactions_type_check CHECK (type IN (${kinds.map((kind) => `'${kind}'`).join(', ')}))`;

const statements = [
  'ALTER TABLE transactions DROP CONSTRAINT transactions_type_check',
  kindsAllowed([...KINDS_0001, ...PENDING_BONUS_KINDS]),
  'ALTER TABLE transactions ADD COLUMN bonus_pending_delta bigint NOT NULL DEFAULT 0',
  'ALTER TABLE transactions ADD COLUMN payout_digest text',
  'ALTER TABLE users ADD COLUMN pending_bonuses bigint NOT NULL DEFAULT 0 CHECK (pending_bonuses >= 0)',
  // destination_shared is left out: a trigger sets it on a payout whenever another account uses its destination.
  `CREATE FUNCTION payout_digest(
     id text, user_id text, payment_method text, amount bigint, payment_details text, details jsonb, destination text,
     status text, decided_by text, decided_at timestamptz, note text, created_at timestamptz
   ) RETURNS text LANGUAGE sql STABLE AS $$
     SELECT encode(sha256(convert_to(jsonb_build_array(
       id, user_id, payment_method, amount, payment_details, details, destination, status, decided_by,
       floor(extract(epoch FROM decided_at) * 1000000)::bigint, note, floor(extract(epoch FROM created_at) * 1000000)::bigint
     )::text, 'UTF8')), 'hex')
   $$`,
  'DROP FUNCTION ledger_row_hash',
  `CREATE FUNCTION ledger_row_hash(
     prev text, id text, user_id text, seq bigint, type text, amount bigint, available_delta bigint, pending_delta bigint,
     earnings_delta bigint, referral_delta bigint, paid_out_delta bigint, description text, task_view_id text, payout_id text,
     vip_request_id text, referral_id text, admin_id text, reference text, created_at timestamptz,
     bonus_pending_delta bigint, status text, payout_digest text
   ) RETURNS text LANGUAGE sql STABLE AS $$
     SELECT encode(sha256(convert_to(jsonb_build_array(
       prev, id, user_id, seq, type, amount, available_delta, pending_delta, earnings_delta, referral_delta, paid_out_delta,
       description, task_view_id, payout_id, vip_request_id, referral_id, admin_id, reference,
       floor(extract(epoch FROM created_at) * 1000000)::bigint, bonus_pending_delta, status, payout_digest
     )::text, 'UTF8')), 'hex')
   $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const breaks = await findLedgerChainBreaks(db, '0008');
  const [first] = breaks;
  if (first) {
    throw new Error(
      `The ledger's hash chains are broken (${breaks.length} ${breaks.length === 1 ? 'member' : 'members'}; the first: ${first.description}). ` +
        'This migration chains every ledger anew, which would make that change look as written, so it changed nothing. ' +
        'Run `pnpm ledger:check` with the release you are upgrading from (this one checks only a migrated database), ' +
        'settle every chain-broken problem it lists, then migrate again.',
    );
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
  await rechainLedger(db, '0024', '0024');
  await notifyUserChange(versionedPayload, textArray([...MONEY_COLUMNS, 'pending_bonuses'])).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await notifyUserChange(versionedPayload).execute(db);
  for (const statement of [
    'ALTER TABLE transactions DROP CONSTRAINT transactions_type_check',
    kindsAllowed(KINDS_0001),
    'ALTER TABLE users DROP COLUMN pending_bonuses',
    'ALTER TABLE transactions DROP COLUMN payout_digest',
    'ALTER TABLE transactions DROP COLUMN bonus_pending_delta',
    'DROP FUNCTION ledger_row_hash',
    'DROP FUNCTION payout_digest',
    LEDGER_ROW_HASH_0008,
  ]) {
    await sql.raw(statement).execute(db);
  }
  await rechainLedger(db, '0008');
}
