import { readStoredDestination } from '@app/contracts';
import { type Kysely, sql } from 'kysely';

/**
 * What catches one person behind many accounts before they are paid: the sign-ins of each account (the
 * client address and a long-lived device id), the payout destinations each one has used, a stored risk
 * score per member for the admins' queue, payout holds, and referral bonuses held for review.
 */
const statements = [
  `CREATE TABLE sign_ins (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    address text NOT NULL,
    device_id text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX sign_ins_user_idx ON sign_ins (user_id, created_at DESC)',
  // Other accounts seen at an address around the same time.
  'CREATE INDEX sign_ins_address_idx ON sign_ins (address, created_at)',

  // A device id or a normalised payout destination an account has used: accounts sharing one are linked.
  `CREATE TABLE account_signals (
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('device', 'destination')),
    value text NOT NULL,
    first_seen_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, kind, value)
  )`,
  'CREATE INDEX account_signals_value_idx ON account_signals (kind, value)',

  `CREATE TABLE risk_scores (
    user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
    reasons jsonb NOT NULL DEFAULT '[]'::jsonb,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  'CREATE INDEX risk_scores_queue_idx ON risk_scores (score DESC, updated_at DESC, user_id)',

  'ALTER TABLE users ADD COLUMN payout_hold_reason text',
  'ALTER TABLE users ADD COLUMN payout_held_at timestamptz',
  'ALTER TABLE users ADD COLUMN payout_held_by text REFERENCES users(id) ON DELETE SET NULL',

  // The destination as accounts are compared by it (destinationKey); filled in below for old payouts.
  'ALTER TABLE payouts ADD COLUMN destination text',
  'CREATE INDEX payouts_destination_idx ON payouts (destination)',
  // The median time to approval over the last 30 days.
  `CREATE INDEX payouts_approved_idx ON payouts (decided_at) WHERE status = 'approved'`,

  'ALTER TABLE referrals DROP CONSTRAINT referrals_status_check',
  `ALTER TABLE referrals ADD CONSTRAINT referrals_status_check CHECK (status IN ('pending', 'completed', 'paid', 'held', 'rejected'))`,
  // Bonuses earned but held because the friend is linked to the sponsor; paid or forfeited by an admin.
  'ALTER TABLE referrals ADD COLUMN held_reward bigint NOT NULL DEFAULT 0 CHECK (held_reward >= 0)',
  'ALTER TABLE referrals ADD COLUMN held_at timestamptz',
  'ALTER TABLE referrals ADD COLUMN review_note text',
  'ALTER TABLE referrals ADD COLUMN reviewed_by text REFERENCES users(id) ON DELETE SET NULL',
  'ALTER TABLE referrals ADD COLUMN reviewed_at timestamptz',
  `CREATE INDEX referrals_held_idx ON referrals (held_at) WHERE status = 'held'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await backfillDestinations(db);
}

/** The payouts made before destinations were kept, and each one's destination as signals of its account. */
async function backfillDestinations(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; userId: string; method: string; details: string; createdAt: Date }>`
    SELECT id, user_id AS "userId", payment_method AS method, payment_details AS details, created_at AS "createdAt" FROM payouts
  `.execute(db);
  for (let start = 0; start < rows.length; start += 500) {
    const known = rows
      .slice(start, start + 500)
      .map((row) => ({ ...row, destination: readStoredDestination(row.method, row.details)?.key ?? null }))
      .filter((row) => row.destination !== null);
    if (known.length === 0) continue;
    const values = sql.join(known.map((row) => sql`(${row.id}, ${row.userId}, ${row.destination}, ${row.createdAt}::timestamptz)`));
    await sql`
      WITH found (id, user_id, destination, created_at) AS (VALUES ${values}),
      updated AS (UPDATE payouts p SET destination = found.destination FROM found WHERE p.id = found.id)
      INSERT INTO account_signals (user_id, kind, value, first_seen_at, last_seen_at)
      SELECT user_id, 'destination', destination, min(created_at), max(created_at) FROM found GROUP BY user_id, destination
      ON CONFLICT (user_id, kind, value) DO UPDATE SET
        first_seen_at = least(account_signals.first_seen_at, excluded.first_seen_at),
        last_seen_at = greatest(account_signals.last_seen_at, excluded.last_seen_at)
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    'DROP INDEX referrals_held_idx',
    'ALTER TABLE referrals DROP COLUMN reviewed_at',
    'ALTER TABLE referrals DROP COLUMN reviewed_by',
    'ALTER TABLE referrals DROP COLUMN review_note',
    'ALTER TABLE referrals DROP COLUMN held_at',
    'ALTER TABLE referrals DROP COLUMN held_reward',
    `UPDATE referrals SET status = 'pending' WHERE status IN ('held', 'rejected')`,
    'ALTER TABLE referrals DROP CONSTRAINT referrals_status_check',
    `ALTER TABLE referrals ADD CONSTRAINT referrals_status_check CHECK (status IN ('pending', 'completed', 'paid'))`,
    'DROP INDEX payouts_approved_idx',
    'ALTER TABLE payouts DROP COLUMN destination',
    'ALTER TABLE users DROP COLUMN payout_held_by',
    'ALTER TABLE users DROP COLUMN payout_held_at',
    'ALTER TABLE users DROP COLUMN payout_hold_reason',
    'DROP TABLE risk_scores',
    'DROP TABLE account_signals',
    'DROP TABLE sign_ins',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
