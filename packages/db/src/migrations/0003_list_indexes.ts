import { statementMigration } from './statement-migration';

/**
 * The admin user search (ILIKE '%text%' on e-mail, full name and id): trigram indexes answer a substring
 * match without reading every user. Migration 0005 replaced them by one, and makes them again on the way down.
 */
export const USER_SEARCH_INDEXES_0003 = [
  'CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops)',
  // The full name as the user list matched it when this migration was written: concat_ws cannot
  // be indexed (it is only STABLE), this expression can.
  `CREATE INDEX users_full_name_trgm_idx ON users USING gin ((coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops)`,
  'CREATE INDEX users_id_trgm_idx ON users USING gin (id gin_trgm_ops)',
];

/**
 * Indexes for every admin list's filters and sorts and the members' hot reads (issue 8), and a count of
 * each user's ledger rows so the admin Transactions tab's total is a sum over users, not a count of the
 * ledger. Composite indexes lead with the filtered column rather than being partial on a value: the
 * application sends values as parameters, and a prepared statement's generic plan cannot use an index
 * whose predicate names the value.
 */
const statements = [
  // For the user search's indexes: pg_trgm is a trusted extension on PostgreSQL 13+, and PGlite loads it
  // (create-db.ts).
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  ...USER_SEARCH_INDEXES_0003,
  // The status filter, newest first.
  'CREATE INDEX users_status_created_idx ON users (account_status, created_at DESC, id DESC)',
  'DROP INDEX users_account_status_idx',
  // The VIP filter: paid tiers still in force.
  'CREATE INDEX users_vip_expires_idx ON users (vip_expires_at)',

  // The ledger rows of each user, moved by postToLedger with the balances.
  'ALTER TABLE users ADD COLUMN ledger_rows bigint NOT NULL DEFAULT 0 CHECK (ledger_rows >= 0)',
  `UPDATE users u SET ledger_rows = counted.rows
    FROM (SELECT user_id, count(*) AS rows FROM transactions GROUP BY user_id) counted
    WHERE counted.user_id = u.id`,

  // A member's payouts, newest first; the admin's pending payouts, oldest first; the pending sum of the
  // admin stats from the index alone (INCLUDE amount).
  'CREATE INDEX payouts_user_created_idx ON payouts (user_id, created_at DESC, id DESC)',
  'DROP INDEX payouts_user_idx',
  'CREATE INDEX payouts_status_created_idx ON payouts (status, created_at, id) INCLUDE (amount)',
  'DROP INDEX payouts_pending_idx',

  // The admins' inbox takes each member's latest message (DISTINCT ON user_id, newest first); a
  // member's thread reads the same index backwards.
  'CREATE INDEX support_messages_user_created_idx ON support_messages (user_id, created_at DESC, id DESC)',
  'DROP INDEX support_messages_user_idx',

  'CREATE INDEX notifications_created_idx ON notifications (created_at DESC, id DESC)',
  'CREATE INDEX commission_payouts_requested_id_idx ON commission_payouts (requested_at DESC, id DESC)',
  'DROP INDEX commission_payouts_requested_idx',
];

export const { up, down } = statementMigration({
  up: statements,
  down: [
    'CREATE INDEX commission_payouts_requested_idx ON commission_payouts (requested_at DESC)',
    'DROP INDEX commission_payouts_requested_id_idx',
    'DROP INDEX notifications_created_idx',
    'CREATE INDEX support_messages_user_idx ON support_messages (user_id, created_at)',
    'DROP INDEX support_messages_user_created_idx',
    `CREATE INDEX payouts_pending_idx ON payouts (created_at) WHERE status = 'pending'`,
    'DROP INDEX payouts_status_created_idx',
    'CREATE INDEX payouts_user_idx ON payouts (user_id, created_at DESC)',
    'DROP INDEX payouts_user_created_idx',
    'ALTER TABLE users DROP COLUMN ledger_rows',
    'DROP INDEX users_vip_expires_idx',
    'CREATE INDEX users_account_status_idx ON users (account_status)',
    'DROP INDEX users_status_created_idx',
    'DROP INDEX users_id_trgm_idx',
    'DROP INDEX users_full_name_trgm_idx',
    'DROP INDEX users_email_trgm_idx',
  ],
});
