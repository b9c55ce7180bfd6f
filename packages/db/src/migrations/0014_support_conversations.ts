import { type Kysely, sql } from 'kysely';

/**
 * The support inbox reads one row per conversation instead of the messages. `support_conversations`
 * holds each member's latest message (the greatest created_at, then id, the order the messages of a
 * conversation are read in) and how many of the member's messages no admin has read yet. Triggers on
 * `support_messages` keep it in the transaction that writes the messages, whoever writes them:
 * - a row in or out adds or takes away its own unread count, so two transactions changing one
 *   conversation at once each apply their own change under the row's lock and the count stays exact;
 * - a new message becomes the latest when it is later than the one held;
 * - when the latest message itself is deleted or changed, the latest of the others is read again, and a
 *   conversation left with no message goes.
 * An update that changes none of the columns the summary reads (a member reading the replies) does nothing.
 */
const statements = [
  `CREATE TABLE support_conversations (
    user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    last_message_id text NOT NULL,
    last_message text NOT NULL,
    last_at timestamptz NOT NULL,
    unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0)
  )`,
  'CREATE INDEX support_conversations_last_idx ON support_conversations (last_at DESC, user_id)',
  `INSERT INTO support_conversations (user_id, last_message_id, last_message, last_at, unread)
    SELECT DISTINCT ON (m.user_id) m.user_id, m.id, m.message, m.created_at,
      (SELECT count(*) FROM support_messages u WHERE u.user_id = m.user_id AND u.is_user_message AND u.read_by_admin_at IS NULL)
    FROM support_messages m
    ORDER BY m.user_id, m.created_at DESC, m.id DESC`,
  `CREATE FUNCTION keep_support_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE support_conversations SET unread = unread - (OLD.is_user_message AND OLD.read_by_admin_at IS NULL)::int
          WHERE user_id = OLD.user_id;
        IF TG_OP = 'DELETE' OR (OLD.user_id, OLD.message, OLD.created_at) IS DISTINCT FROM (NEW.user_id, NEW.message, NEW.created_at) THEN
          DELETE FROM support_conversations c
            WHERE c.user_id = OLD.user_id AND c.last_message_id = OLD.id
              AND NOT EXISTS (SELECT 1 FROM support_messages m WHERE m.user_id = OLD.user_id AND m.id <> OLD.id);
          UPDATE support_conversations c SET (last_message_id, last_message, last_at) = (
              SELECT m.id, m.message, m.created_at FROM support_messages m
              WHERE m.user_id = OLD.user_id AND m.id <> OLD.id
              ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
            WHERE c.user_id = OLD.user_id AND c.last_message_id = OLD.id;
        END IF;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO support_conversations AS c (user_id, last_message_id, last_message, last_at, unread)
          VALUES (NEW.user_id, NEW.id, NEW.message, NEW.created_at, (NEW.is_user_message AND NEW.read_by_admin_at IS NULL)::int)
          ON CONFLICT (user_id) DO UPDATE SET
            unread = c.unread + excluded.unread,
            last_message_id = CASE WHEN (excluded.last_at, excluded.last_message_id) >= (c.last_at, c.last_message_id)
              THEN excluded.last_message_id ELSE c.last_message_id END,
            last_message = CASE WHEN (excluded.last_at, excluded.last_message_id) >= (c.last_at, c.last_message_id)
              THEN excluded.last_message ELSE c.last_message END,
            last_at = CASE WHEN (excluded.last_at, excluded.last_message_id) >= (c.last_at, c.last_message_id)
              THEN excluded.last_at ELSE c.last_at END;
      END IF;
      RETURN NULL;
    END $$`,
  `CREATE TRIGGER support_conversation_added AFTER INSERT OR DELETE ON support_messages
    FOR EACH ROW EXECUTE FUNCTION keep_support_conversation()`,
  `CREATE TRIGGER support_conversation_changed AFTER UPDATE ON support_messages
    FOR EACH ROW WHEN ((OLD.user_id, OLD.message, OLD.created_at, OLD.is_user_message, OLD.read_by_admin_at)
      IS DISTINCT FROM (NEW.user_id, NEW.message, NEW.created_at, NEW.is_user_message, NEW.read_by_admin_at))
    EXECUTE FUNCTION keep_support_conversation()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER support_conversation_changed ON support_messages`.execute(db);
  await sql`DROP TRIGGER support_conversation_added ON support_messages`.execute(db);
  await sql`DROP FUNCTION keep_support_conversation()`.execute(db);
  await sql`DROP TABLE support_conversations`.execute(db);
}
