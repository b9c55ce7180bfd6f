/**
 * postgres.js's own codes for a connection that could not be made or was lost, and Node's socket errors
 * (postgres.js passes them through as they are).
 */
const CONNECTION_ERROR_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is shutting down or not accepting connections: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now, and class 08 (connection exceptions).
 */
function isUnavailableSqlState(code: string): boolean {
  return code === '57P01' || code === '57P02' || code === '57P03' || /^08[0-9A-Z]{3}$/.test(code);
}

/**
 * True when an error (or what it wraps: `cause`, AggregateError's `errors`) says the database cannot be
 * reached right now. Such a failure is not the request's fault nor a bug: the API answers 503 with
 * Retry-After (publicError, docs/architecture.md#errors) and the client retries once the pool has
 * reconnected. A constraint violation or a bad query is never one.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || isUnavailableSqlState(code))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
