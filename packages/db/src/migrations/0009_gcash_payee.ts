import { type Kysely, sql } from 'kysely';

/** The G-CASH account members pay VIP plans to: a system setting admins keep, unset until they do. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE system_settings ADD COLUMN gcash_number text, ADD COLUMN gcash_name text`.execute(db);
  await sql`ALTER TABLE system_settings ADD CONSTRAINT system_settings_gcash_number CHECK (gcash_number ~ '^09[0-9]{9}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE system_settings DROP COLUMN gcash_number, DROP COLUMN gcash_name`.execute(db);
}
