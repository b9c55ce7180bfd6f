import { type Kysely, sql } from 'kysely';

/**
 * Passkeys and the step-up for money decisions (docs/architecture.md#passkeys-and-the-step-up).
 *
 * `passkeys` holds each registered WebAuthn credential: an admin's is keyed by `user_id`, the commission
 * operator's (one account, no users row) by `operator_username`, exactly one of the two. The public key is
 * the COSE key in base64url, `counter` the authenticator's signature counter as last seen.
 *
 * `passkey_challenges` holds at most one pending challenge per session (`session_kind` says whose table
 * `session_id`, the hashed token, is from): a new ceremony replaces it, and verifying deletes it, so a
 * challenge answers once.
 *
 * `step_up_until` on both session tables: until when the session's last passkey use lets money decisions
 * through.
 */
const statements = [
  `CREATE TABLE passkeys (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    user_id text REFERENCES users(id) ON DELETE CASCADE,
    operator_username text,
    credential_id text NOT NULL UNIQUE,
    public_key text NOT NULL,
    counter bigint NOT NULL DEFAULT 0,
    transports jsonb NOT NULL DEFAULT '[]',
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    CHECK ((user_id IS NULL) <> (operator_username IS NULL))
  )`,
  'CREATE INDEX passkeys_user_idx ON passkeys (user_id, created_at)',
  'CREATE INDEX passkeys_operator_idx ON passkeys (operator_username, created_at)',
  `CREATE TABLE passkey_challenges (
    session_kind text NOT NULL CHECK (session_kind IN ('admin', 'operator')),
    session_id text NOT NULL,
    purpose text NOT NULL CHECK (purpose IN ('register', 'step_up')),
    challenge text NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (session_kind, session_id)
  )`,
  'ALTER TABLE sessions ADD COLUMN step_up_until timestamptz',
  'ALTER TABLE commission_sessions ADD COLUMN step_up_until timestamptz',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE commission_sessions DROP COLUMN step_up_until').execute(db);
  await sql.raw('ALTER TABLE sessions DROP COLUMN step_up_until').execute(db);
  await sql.raw('DROP TABLE passkey_challenges').execute(db);
  await sql.raw('DROP TABLE passkeys').execute(db);
}
