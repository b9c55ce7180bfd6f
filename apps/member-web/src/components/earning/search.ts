/*
 * Query-string readers for the routes' validateSearch. Plain functions rather than zod schemas: a route's
 * search validation is in the first chunk (only its component is split off), and zod would come with it.
 */

/**
 * One query-string value as text. The router reads query values as JSON, so `reward=1.50` arrives as
 * the number 1.5 and `success=true` as a boolean; both come back as text here. Anything else is absent.
 */
export function searchText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}
