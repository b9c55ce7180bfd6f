import { type Kysely, sql } from 'kysely';

/**
 * Profile photos kept in the database (docs/architecture.md#uploads), so every instance serves the photo
 * another stored. One row per stored size, named by its key (`<photo id>-<size>.webp`), the same name an
 * S3 bucket holds the object under when S3_URL is set (then this table stays empty). The ETag is the
 * bytes' digest, taken when they are stored. WebP is compressed already: the bytes are kept out of line
 * without PostgreSQL trying to compress them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE photos (
      key text PRIMARY KEY,
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      etag text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`ALTER TABLE photos ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE photos`.execute(db);
}
