import { type Kysely, sql } from 'kysely';

/**
 * Change notifications (docs/architecture.md#caches): each trigger sends on the `app_changes` channel in
 * the transaction that changed the row, so the notification is delivered if and only if the change
 * commits, and in commit order. Instances drop what they cached of a changed row, and push live updates
 * (support chat, the bell, the admin queues) to the pages open on them. Payloads are "topic" or
 * "topic:key" (packages/db/src/changes.ts reads them).
 */
const notifyFunctions: [name: string, payload: string, declare?: string][] = [
  // One function per key column: a trigger cannot name a column of NEW or OLD by a parameter without
  // building the whole row as JSON first, and users change at every ledger post.
  ['notify_user_change', `'user:' || OLD.id`],
  ['notify_session_change', `'session:' || OLD.id`],
  ['notify_support_change', `'support:' || NEW.user_id`],
  [
    'notify_notification_change',
    `'notifications' || coalesce(':' || target, '')`,
    `target text := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id::text ELSE NEW.user_id::text END;`,
  ],
  ['notify_notification_read', `'notifications:' || NEW.user_id`],
  ['notify_topic_change', 'TG_ARGV[0]'],
];

/**
 * A function that sends `payload` (over NEW, OLD or TG_ARGV) after its `declare`. The text is the one each
 * function was created with when this migration was applied: keep it byte for byte, as a new database must
 * get the same functions.
 */
function notifyFunction(name: string, payload: string, declare?: string): string {
  const declarations = declare ? `\n    DECLARE\n      ${declare}` : '';
  return `
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$${declarations}
    BEGIN
      PERFORM pg_notify('app_changes', ${payload});
      RETURN NULL;
    END $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, payload, declare] of notifyFunctions) await sql.raw(notifyFunction(name, payload, declare)).execute(db);

  // A row rewritten with the values it had is not a change (an UPDATE ... SET x = x).
  await sql`CREATE TRIGGER users_changed AFTER UPDATE ON users FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_user_change()`.execute(
    db,
  );
  await sql`CREATE TRIGGER users_removed AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_user_change()`.execute(db);
  await sql`CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_change()`.execute(
    db,
  );
  await sql`CREATE TRIGGER support_messages_changed AFTER INSERT OR UPDATE ON support_messages FOR EACH ROW EXECUTE FUNCTION notify_support_change()`.execute(
    db,
  );
  await sql`CREATE TRIGGER notifications_changed AFTER INSERT OR UPDATE OR DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION notify_notification_change()`.execute(
    db,
  );
  await sql`CREATE TRIGGER notification_reads_added AFTER INSERT ON notification_reads FOR EACH ROW EXECUTE FUNCTION notify_notification_read()`.execute(
    db,
  );
  for (const [table, topic] of [
    ['system_settings', 'settings'],
    ['tasks', 'tasks'],
    ['vip_plans', 'plans'],
    ['payouts', 'queues'],
    ['vip_requests', 'queues'],
  ] as const) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_changed`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.id(table)} FOR EACH STATEMENT EXECUTE FUNCTION notify_topic_change(${sql.lit(topic)})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [trigger, table] of [
    ['users_changed', 'users'],
    ['users_removed', 'users'],
    ['sessions_changed', 'sessions'],
    ['support_messages_changed', 'support_messages'],
    ['notifications_changed', 'notifications'],
    ['notification_reads_added', 'notification_reads'],
    ['system_settings_changed', 'system_settings'],
    ['tasks_changed', 'tasks'],
    ['vip_plans_changed', 'vip_plans'],
    ['payouts_changed', 'payouts'],
    ['vip_requests_changed', 'vip_requests'],
  ] as const) {
    await sql`DROP TRIGGER ${sql.id(trigger)} ON ${sql.id(table)}`.execute(db);
  }
  for (const [name] of notifyFunctions) await sql`DROP FUNCTION ${sql.id(name)}()`.execute(db);
}
