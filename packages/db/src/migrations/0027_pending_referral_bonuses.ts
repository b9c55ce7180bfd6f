import { statementMigration } from './statement-migration';

/**
 * Bonuses wait for proof (docs/product-rules.md#referral-bonuses-wait-for-proof): a first-task bonus is credited
 * pending (the ledger's `referral_bonus_pending`, migration 0024) and the referral keeps how much of it waits,
 * in `pending_reward`, under its own status `awaiting_payout`, until the friend's first payout is approved.
 * `held_reason` says why a bonus was held for an admin (linked when the first task was done, or when the first
 * payout was approved). Referrals of before keep what they were: their bonuses were paid or held already.
 */
const statements = [
  'ALTER TABLE referrals ADD COLUMN pending_reward bigint NOT NULL DEFAULT 0 CHECK (pending_reward >= 0)',
  'ALTER TABLE referrals ADD COLUMN held_reason text',
  'ALTER TABLE referrals DROP CONSTRAINT referrals_status_check',
  `ALTER TABLE referrals ADD CONSTRAINT referrals_status_check
    CHECK (status IN ('pending', 'awaiting_payout', 'completed', 'paid', 'held', 'rejected'))`,
  // The friends whose first approved payout settles a bonus: few at any time, found at each approval.
  `CREATE INDEX referrals_awaiting_payout_idx ON referrals (referred_user_id) WHERE pending_reward > 0`,
];

export const { up, down } = statementMigration({
  up: statements,
  down: [
    'DROP INDEX referrals_awaiting_payout_idx',
    `UPDATE referrals SET status = 'completed' WHERE status = 'awaiting_payout'`,
    'ALTER TABLE referrals DROP CONSTRAINT referrals_status_check',
    `ALTER TABLE referrals ADD CONSTRAINT referrals_status_check CHECK (status IN ('pending', 'completed', 'paid', 'held', 'rejected'))`,
    'ALTER TABLE referrals DROP COLUMN held_reason',
    'ALTER TABLE referrals DROP COLUMN pending_reward',
  ],
});
