import { messages } from '@app/contracts';
import { TRPCError } from '@trpc/server';

/** PostgreSQL's unique_violation, optionally on one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, constraint_name: constraintName, constraint: constraintField } = error as Record<string, unknown>;
  if (code !== '23505') return false;
  if (!constraint) return true;
  return constraintName === constraint || constraintField === constraint || (typeof message === 'string' && message.includes(constraint));
}

export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
export const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
export const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });

/** A refusal that tells the client when to come back: the server sends `retryAfterSeconds` as Retry-After. */
export class RetryLaterError extends TRPCError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ code: 'TOO_MANY_REQUESTS', message });
  }
}

/** The seconds a refused call should wait, when its error says so. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof RetryLaterError ? error.retryAfterSeconds : null;
}

/**
 * A refusal with facts the client shows beside its message (the balance that changed meanwhile, say):
 * REST clients find them beside `message` and `code` in the error body, tRPC clients in `data.details`.
 */
export class RefusalWithDetails extends TRPCError {
  constructor(
    code: TRPCError['code'],
    message: string,
    readonly details: Record<string, string>,
  ) {
    super({ code, message });
  }
}

/**
 * A second decision on a payout or request someone already decided (a double press, two admins): 409
 * saying how it was decided, with `decided` for clients, which show it as news rather than as a failure.
 */
export function alreadyDecided(status: string): RefusalWithDetails {
  return new RefusalWithDetails('CONFLICT', messages.admin.alreadyDecided(status), { decided: status });
}

/** The facts a refusal carries for the client, or none. */
export function detailsOf(error: unknown): Record<string, string> {
  return error instanceof RefusalWithDetails ? error.details : {};
}
