import { type Kysely, sql } from 'kysely';

/**
 * The language a member reads the site in (docs/architecture.md#two-languages): `en` or `fil`. Null until
 * known: a member's first sign-in stores the language their browser was using; the server writes a member's
 * notices, push texts and error texts in it (English while null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'fil'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN language`.execute(db);
}
