import type { AppRouter } from '@app/api';
import { messages } from '@app/contracts';
import { isTRPCClientError, type TRPCClientError } from '@trpc/client';

/** True when the server said "not signed in" (or, for the operator, "no operator session"). */
export function isUnauthorizedError(error: unknown): boolean {
  return isServerAnswer(error) && error.data?.code === 'UNAUTHORIZED';
}

/**
 * True when the server itself answered with an error. False when no answer came at all (offline,
 * server down), which screens report as a connection problem rather than as the server's verdict.
 */
export function isServerAnswer(error: unknown): error is TRPCClientError<AppRouter> {
  return isTRPCClientError<AppRouter>(error) && error.data !== undefined && error.data !== null;
}

/**
 * True when a call got no answer for want of a connection: the browser says it is offline, or fetch
 * itself failed (a TypeError, as when the network is gone). The service worker never answers a call
 * (docs/architecture.md#service-worker), so such a call reaches nothing.
 */
export function isOfflineFailure(error: unknown): boolean {
  if (isServerAnswer(error)) return false;
  if (!navigator.onLine) return true;
  return (isTRPCClientError(error) ? error.cause : error) instanceof TypeError;
}

/**
 * The server's message for a failed call; the offline text when no answer came for want of a connection;
 * else the screen's own fallback text (docs/api-conventions.md#errors).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isServerAnswer(error) && error.message) return error.message;
  return isOfflineFailure(error) ? messages.offline.request : fallback;
}

/** Runs a call whose UNAUTHORIZED answer means "nobody is signed in": that answer becomes null. */
export async function nullWhenUnauthorized<T>(call: Promise<T>, onUnauthorized?: (error: unknown) => void): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (!isUnauthorizedError(error)) throw error;
    onUnauthorized?.(error);
    return null;
  }
}

/** A fact the server sent with its refusal (such as `currentBalance` with a 409), or null. */
export function refusalDetail(error: unknown, name: string): string | null {
  return isServerAnswer(error) ? (error.data?.details?.[name] ?? null) : null;
}
