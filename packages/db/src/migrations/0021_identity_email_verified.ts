import { type Kysely, sql } from 'kysely';

/**
 * Whether the provider vouched for the e-mail of each identity when it last signed in
 * (docs/architecture.md#identity-and-access). An account can be made from an e-mail no provider vouched for; when
 * the address's verified owner signs in, the identities that could not vouch for it are detached from the
 * account and its sessions end, so whoever registered the address first keeps no way in. Identities made
 * before this column existed read as not vouched for until they next sign in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE identities ADD COLUMN email_verified boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE identities DROP COLUMN email_verified`.execute(db);
}
