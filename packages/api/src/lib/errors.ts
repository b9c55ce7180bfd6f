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
