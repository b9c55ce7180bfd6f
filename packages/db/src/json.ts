import { type RawBuilder, sql } from 'kysely';

/**
 * A jsonb value for an insert or update. Both drivers serialise a parameter they know to be jsonb with
 * JSON.stringify, so a ready JSON string would be stored as a JSON *string*; sending text and casting in
 * SQL stores the value itself, the same way on PGlite and PostgreSQL.
 */
export function jsonb<T>(value: T): RawBuilder<string> {
  return sql<string>`(${JSON.stringify(value)}::text)::jsonb`;
}
