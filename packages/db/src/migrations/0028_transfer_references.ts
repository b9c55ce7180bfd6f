import { statementMigration } from './statement-migration';

/**
 * Told the moment money moves (docs/product-rules.md#notices-of-money):
 * - `payouts.transfer_reference`: the reference of the transfer an admin made when approving a payout (a
 *   G-CASH reference number, a bank's), which the member matches in their wallet. The payout's digest covers
 *   it (docs/product-rules.md#evidence): a second `payout_digest` taking it, equal to the first for a payout
 *   without one, so every digest recorded before still matches and no ledger is chained anew;
 * - `notifications.link`: the member page a notice is about ('/payouts', '/vip', '/referrals', '/').
 */
const statements = [
  'ALTER TABLE payouts ADD COLUMN transfer_reference text',
  'ALTER TABLE notifications ADD COLUMN link text',
  `CREATE FUNCTION payout_digest(
     id text, user_id text, payment_method text, amount bigint, payment_details text, details jsonb, destination text,
     status text, decided_by text, decided_at timestamptz, note text, created_at timestamptz, transfer_reference text
   ) RETURNS text LANGUAGE sql STABLE AS $$
     SELECT CASE
       WHEN transfer_reference IS NULL
         THEN payout_digest(id, user_id, payment_method, amount, payment_details, details, destination, status, decided_by, decided_at, note, created_at)
       ELSE encode(sha256(convert_to(jsonb_build_array(
         id, user_id, payment_method, amount, payment_details, details, destination, status, decided_by,
         floor(extract(epoch FROM decided_at) * 1000000)::bigint, note, floor(extract(epoch FROM created_at) * 1000000)::bigint,
         transfer_reference
       )::text, 'UTF8')), 'hex')
     END
   $$`,
];

export const { up, down } = statementMigration({
  up: statements,
  down: [
    'DROP FUNCTION payout_digest(text, text, text, bigint, text, jsonb, text, text, text, timestamptz, text, timestamptz, text)',
    'ALTER TABLE notifications DROP COLUMN link',
    'ALTER TABLE payouts DROP COLUMN transfer_reference',
  ],
});
