import { createHash } from 'node:crypto';
import type { Db } from '@app/db';

interface StoredPhoto {
  bytes: Uint8Array;
  /** A strong validator, quoted as the ETag header wants it; changes whenever the bytes do. */
  etag: string;
  contentType: string;
}

/**
 * Where photo bytes live, shared by every instance (docs/architecture.md#uploads): the `photos` table by
 * default, an S3 bucket when S3_URL is set. A key is written once and never rewritten in place (a new photo
 * gets a new key), so a put that fails leaves nothing another request reads.
 */
export interface PhotoStore {
  /** What holds the bytes, for the logs: the database's `photos` table (PostgreSQL or PGlite) or S3. */
  readonly kind: 'database' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<StoredPhoto | null>;
  /** Removes the key's bytes; a key that holds nothing is no error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections the store opened itself (the S3 client's). */
  close?(): Promise<void>;
}

/** The quoted SHA-256 of the bytes: the ETag of a photo kept in PostgreSQL. */
function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

/** Photos in the `photos` table (migration 0011), on PGlite as on a PostgreSQL server. */
export function postgresPhotoStore(db: Db): PhotoStore {
  return {
    kind: 'database',
    async put(key, bytes, contentType) {
      const row = { key, bytes, contentType, etag: etagOf(bytes) };
      await db
        .insertInto('photos')
        .values(row)
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ bytes: row.bytes, contentType: row.contentType, etag: row.etag }))
        .execute();
    },
    async get(key) {
      const row = await db.selectFrom('photos').select(['bytes', 'etag', 'contentType']).where('key', '=', key).executeTakeFirst();
      return row ?? null;
    },
    async delete(key) {
      await db.deleteFrom('photos').where('key', '=', key).execute();
    },
  };
}
