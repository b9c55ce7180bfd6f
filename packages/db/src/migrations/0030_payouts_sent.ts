import { statementMigration } from './statement-migration';

/**
 * Approved payouts handed to a wallet's bulk-send or a bank's batch upload (docs/product-rules.md#payouts-sent):
 * `sent_at` and `sent_by` record when and by which admin an approved payout was marked sent, after its
 * export. Neither is in the payout's digest (docs/product-rules.md#evidence): marking a payout sent moves no
 * money, and the admin log records it. The partial index serves the export, which reads the approved payouts
 * not sent yet, oldest first.
 */
const statements = [
  'ALTER TABLE payouts ADD COLUMN sent_at timestamptz',
  'ALTER TABLE payouts ADD COLUMN sent_by text REFERENCES users(id)',
  "CREATE INDEX payouts_unsent_idx ON payouts (payment_method, decided_at, id) WHERE status = 'approved' AND sent_at IS NULL",
];

export const { up, down } = statementMigration({
  up: statements,
  down: ['DROP INDEX payouts_unsent_idx', 'ALTER TABLE payouts DROP COLUMN sent_by', 'ALTER TABLE payouts DROP COLUMN sent_at'],
});
