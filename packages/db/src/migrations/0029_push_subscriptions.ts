import { type Kysely, sql } from 'kysely';

/**
 * The browsers a member turned push notifications on in (docs/architecture.md#web-push): one row per push
 * endpoint, with the keys that encrypt what is sent to it. `device_id` is the browser's device cookie when it
 * subscribed, so signing out there ends its pushes. The sending queue's own tables are pg-boss's, in the
 * `pgboss` schema it creates and migrates itself at start.
 */
const statements = [
  `CREATE TABLE push_subscriptions (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
    user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint text NOT NULL UNIQUE,
    p256dh text NOT NULL,
    auth text NOT NULL,
    device_id text,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz
  )`,
  'CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, created_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE push_subscriptions').execute(db);
}
