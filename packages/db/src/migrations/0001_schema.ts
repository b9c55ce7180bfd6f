import { statementMigration } from './statement-migration';

/**
 * The whole product's tables. Plain SQL so the schema reads as what PostgreSQL holds. Every statement
 * also runs on PostgreSQL 15 (CI) and on PGlite's PostgreSQL 18 (the embedded default).
 */
const statements = [
  `CREATE TABLE users (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    email text NOT NULL,
    first_name text,
    last_name text,
    profile_image_url text,
    is_admin boolean NOT NULL DEFAULT false,
    account_status text NOT NULL DEFAULT 'active' CHECK (account_status IN ('active', 'suspended', 'banned')),
    status_reason text,
    vip_tier text NOT NULL DEFAULT 'FREE',
    vip_expires_at timestamptz,
    vip_daily_task_limit integer CHECK (vip_daily_task_limit >= 0),
    vip_reward_per_task bigint CHECK (vip_reward_per_task >= 0),
    vip_pending_approval boolean NOT NULL DEFAULT false,
    vip_payment_status text,
    referral_code text NOT NULL UNIQUE,
    referred_by text REFERENCES users(id),
    referral_count integer NOT NULL DEFAULT 0 CHECK (referral_count >= 0),
    available_balance bigint NOT NULL DEFAULT 0 CHECK (available_balance >= 0),
    pending_payout bigint NOT NULL DEFAULT 0 CHECK (pending_payout >= 0),
    total_earnings bigint NOT NULL DEFAULT 0 CHECK (total_earnings >= 0),
    referral_earnings bigint NOT NULL DEFAULT 0 CHECK (referral_earnings >= 0),
    total_paid_out bigint NOT NULL DEFAULT 0 CHECK (total_paid_out >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
  `CREATE INDEX users_created_at_idx ON users (created_at DESC, id)`,
  `CREATE INDEX users_account_status_idx ON users (account_status)`,
  `CREATE INDEX users_vip_pending_idx ON users (id) WHERE vip_pending_approval`,
  `CREATE INDEX users_referred_by_idx ON users (referred_by)`,

  `CREATE TABLE identities (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    issuer text NOT NULL,
    subject text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (issuer, subject)
  )`,
  `CREATE INDEX identities_user_id_idx ON identities (user_id)`,

  `CREATE TABLE sessions (
    id text PRIMARY KEY,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    admin_unlocked_until timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX sessions_user_id_idx ON sessions (user_id)`,
  `CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)`,

  `CREATE TABLE commission_sessions (
    id text PRIMARY KEY,
    username text NOT NULL,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE tasks (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    description text NOT NULL DEFAULT '',
    url text NOT NULL CHECK (url ~ '^https?://'),
    reward bigint NOT NULL CHECK (reward > 0),
    required_vip_tier text,
    is_active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX tasks_active_idx ON tasks (created_at, id) WHERE is_active`,

  `CREATE TABLE task_views (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    task_id text NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
    started_at timestamptz NOT NULL,
    completed_at timestamptz,
    seconds_viewed integer CHECK (seconds_viewed >= 0),
    reward bigint CHECK (reward >= 0)
  )`,
  // One open view per member and task: a double click or a retried start cannot open a second one.
  `CREATE UNIQUE INDEX task_views_open_idx ON task_views (user_id, task_id) WHERE completed_at IS NULL`,
  `CREATE INDEX task_views_user_task_idx ON task_views (user_id, task_id, completed_at)`,

  `CREATE TABLE vip_plans (
    id text PRIMARY KEY,
    name text NOT NULL,
    price bigint NOT NULL CHECK (price > 0),
    validity_days integer NOT NULL CHECK (validity_days >= 0),
    daily_task_limit integer NOT NULL CHECK (daily_task_limit >= 0),
    reward_per_task bigint NOT NULL CHECK (reward_per_task >= 0),
    benefits jsonb NOT NULL DEFAULT '[]'::jsonb,
    is_active boolean NOT NULL DEFAULT true,
    sort_order integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE vip_requests (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    plan_id text NOT NULL REFERENCES vip_plans(id),
    payment_method text NOT NULL CHECK (payment_method IN ('gcash', 'earnings')),
    transaction_proof text UNIQUE CHECK (transaction_proof ~ '^[0-9]{13}$'),
    price bigint NOT NULL CHECK (price > 0),
    status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
    reason text,
    decided_by text REFERENCES users(id),
    decided_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((payment_method = 'gcash') = (transaction_proof IS NOT NULL))
  )`,
  `CREATE UNIQUE INDEX vip_requests_one_pending_idx ON vip_requests (user_id) WHERE status = 'pending'`,
  `CREATE INDEX vip_requests_status_idx ON vip_requests (status, created_at)`,
  `CREATE INDEX vip_requests_user_idx ON vip_requests (user_id, created_at DESC)`,

  `CREATE TABLE payouts (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    payment_method text NOT NULL,
    amount bigint NOT NULL CHECK (amount > 0),
    payment_details text NOT NULL CHECK (length(payment_details) > 0),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
    decided_by text REFERENCES users(id),
    decided_at timestamptz,
    note text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX payouts_user_idx ON payouts (user_id, created_at DESC)`,
  `CREATE INDEX payouts_pending_idx ON payouts (created_at) WHERE status = 'pending'`,

  `CREATE TABLE referrals (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    referrer_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    referred_user_id text NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    referral_code text NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'paid')),
    reward bigint NOT NULL DEFAULT 0 CHECK (reward >= 0),
    completed_at timestamptz,
    paid_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (referrer_id <> referred_user_id)
  )`,
  `CREATE INDEX referrals_referrer_idx ON referrals (referrer_id, created_at DESC)`,

  `CREATE TABLE transactions (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('earning', 'referral_bonus', 'vip_purchase', 'payout', 'payout_approved', 'payout_declined', 'admin_adjustment')),
    amount bigint NOT NULL,
    description text NOT NULL,
    status text NOT NULL DEFAULT 'completed',
    available_delta bigint NOT NULL DEFAULT 0,
    pending_delta bigint NOT NULL DEFAULT 0,
    earnings_delta bigint NOT NULL DEFAULT 0,
    referral_delta bigint NOT NULL DEFAULT 0,
    paid_out_delta bigint NOT NULL DEFAULT 0,
    task_view_id text UNIQUE REFERENCES task_views(id),
    payout_id text REFERENCES payouts(id),
    vip_request_id text REFERENCES vip_requests(id),
    referral_id text REFERENCES referrals(id),
    admin_id text REFERENCES users(id),
    reference text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX transactions_user_idx ON transactions (user_id, created_at DESC, id DESC)`,
  `CREATE INDEX transactions_created_idx ON transactions (created_at DESC, id DESC)`,
  `CREATE INDEX transactions_user_type_idx ON transactions (user_id, type, created_at)`,
  `CREATE UNIQUE INDEX transactions_payout_once_idx ON transactions (payout_id, type) WHERE payout_id IS NOT NULL`,

  `CREATE TABLE support_messages (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    message text NOT NULL CHECK (length(btrim(message)) > 0),
    is_user_message boolean NOT NULL,
    author_id text REFERENCES users(id),
    read_by_user_at timestamptz,
    read_by_admin_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX support_messages_user_idx ON support_messages (user_id, created_at)`,

  `CREATE TABLE notifications (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    title text NOT NULL,
    message text NOT NULL,
    type text NOT NULL DEFAULT 'info' CHECK (type IN ('info', 'success', 'warning', 'error')),
    is_global boolean NOT NULL DEFAULT true,
    user_id text REFERENCES users(id) ON DELETE CASCADE,
    expires_at timestamptz,
    created_by text REFERENCES users(id),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (is_global OR user_id IS NOT NULL)
  )`,
  `CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC)`,
  `CREATE INDEX notifications_global_idx ON notifications (created_at DESC) WHERE is_global`,

  `CREATE TABLE notification_reads (
    notification_id text NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    read_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (notification_id, user_id)
  )`,

  `CREATE TABLE popups (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    title text NOT NULL,
    description text NOT NULL DEFAULT '',
    content text NOT NULL,
    url text CHECK (url IS NULL OR url ~ '^https?://'),
    duration integer NOT NULL DEFAULT 30 CHECK (duration BETWEEN 5 AND 300),
    is_active boolean NOT NULL DEFAULT true,
    start_date timestamptz NOT NULL DEFAULT now(),
    end_date timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE admin_logs (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    admin_id text REFERENCES users(id) ON DELETE SET NULL,
    action text NOT NULL,
    target_id text,
    details jsonb NOT NULL DEFAULT '{}'::jsonb,
    ip_address text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX admin_logs_created_idx ON admin_logs (created_at DESC, id DESC)`,

  `CREATE TABLE system_settings (
    id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    maintenance boolean NOT NULL DEFAULT false,
    website_status text NOT NULL DEFAULT 'on' CHECK (website_status IN ('on', 'off')),
    message text NOT NULL,
    updated_by text REFERENCES users(id) ON DELETE SET NULL,
    updated_at timestamptz
  )`,
  `INSERT INTO system_settings (id, maintenance, website_status, message)
    VALUES (1, false, 'on', 'We are performing scheduled maintenance. Please check back soon.')`,

  `CREATE TABLE commission_entries (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    kind text NOT NULL CHECK (kind IN ('upgrade', 'payout', 'adjustment')),
    amount bigint NOT NULL,
    source_id text,
    description text NOT NULL,
    created_by text REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (kind = 'adjustment' OR amount > 0)
  )`,
  `CREATE UNIQUE INDEX commission_entries_source_idx ON commission_entries (kind, source_id) WHERE source_id IS NOT NULL`,
  `CREATE INDEX commission_entries_created_idx ON commission_entries (created_at DESC, id DESC)`,

  `CREATE TABLE commission_payouts (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    amount bigint NOT NULL CHECK (amount > 0),
    payment_method text NOT NULL,
    account_details text NOT NULL CHECK (length(account_details) > 0),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'paid')),
    notes text,
    requested_at timestamptz NOT NULL DEFAULT now(),
    processed_at timestamptz
  )`,
  `CREATE INDEX commission_payouts_requested_idx ON commission_payouts (requested_at DESC)`,

  `CREATE TABLE rate_limits (
    key text PRIMARY KEY,
    hits integer NOT NULL,
    reset_at timestamptz NOT NULL
  )`,
];

export const { up, down } = statementMigration({
  up: statements,
  // Every table this made, the last first: each goes before the tables it references.
  down: statements
    .flatMap((statement) => /^CREATE TABLE (\w+)/.exec(statement)?.[1] ?? [])
    .reverse()
    .map((table) => `DROP TABLE IF EXISTS ${table}`),
});
