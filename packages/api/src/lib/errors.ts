import { ERROR_CODES, type ErrorCode, isCatalogueText, messages, staffMessages, type TrpcErrorCode } from '@app/contracts';
import { isDatabaseUnavailable } from '@app/db';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

/** PostgreSQL's unique_violation, optionally on one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, constraint_name: constraintName, constraint: constraintField } = error as Record<string, unknown>;
  if (code !== '23505') return false;
  if (!constraint) return true;
  return constraintName === constraint || constraintField === constraint || (typeof message === 'string' && message.includes(constraint));
}

/** The contracts' copy of tRPC's codes must be tRPC's codes exactly: each way assignable, or this does not compile. */
const trpcCodesAgree: [TrpcErrorCode, TRPCError['code']] extends [TRPCError['code'], TrpcErrorCode] ? true : never = true;
void trpcCodesAgree;

/**
 * The one error the API throws (docs/architecture.md#errors): a code of ERROR_CODES, the catalogue text the
 * client reads, the facts the client shows beside it (`details`: the balance that changed meanwhile, how
 * a payout was already decided), and how long to wait before trying again. publicError turns it, and
 * anything else thrown, into what a client sees.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  /** REST clients find these beside `message` and `code` in the error body, tRPC clients in `data.details`. */
  readonly details: Readonly<Record<string, string>>;
  /** Sent as Retry-After, when set. */
  readonly retryAfterSeconds: number | null;

  /** Without a message, the code's general catalogue text (ERROR_CODES). */
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_CODES[code].message,
    options: { details?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.details = options.details ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const unauthorized = (message?: string) => new AppError('UNAUTHORIZED', message);
/**
 * 401 to a request whose session cookie no longer opens a session: `session: 'ended'` lets a page say the
 * session ended (and offer to sign in again, back to the same page) rather than greet a new visitor.
 */
export const sessionEnded = () => new AppError('UNAUTHORIZED', undefined, { details: { session: 'ended' } });

/**
 * A second decision on a payout or request someone already decided (a double press, two admins): 409
 * saying how it was decided, with `decided` for clients, which show it as news rather than as a failure.
 */
export function alreadyDecided(status: string): AppError {
  return new AppError('CONFLICT', staffMessages.admin.alreadyDecided(status), { details: { decided: status } });
}

/** Seconds a client should wait before retrying a call refused because the database was unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to a call the database could not serve: 503, the catalogue's "try again shortly" and
 * Retry-After. publicError gives it for every error that says the database is unreachable; the readiness
 * probe answers with it too.
 */
export function databaseUnavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', messages.common.serviceUnavailable, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
}

/** What a client is answered for an error, and whether and how the server logs it. */
export interface PublicError {
  /** The HTTP status: ERROR_CODES[code].httpStatus. */
  status: number;
  code: ErrorCode;
  /** A catalogue text, or an admin's own words (a maintenance message); never internals. */
  message: string;
  details: Readonly<Record<string, string>>;
  /** Seconds for Retry-After, or null. */
  retryAfterSeconds: number | null;
  /** warn: the database cannot be reached (not a bug; the client retries). error: a failure of ours. */
  log: 'warn' | 'error' | null;
  /** What a log line names: the error itself, not the TRPCError tRPC wrapped it in. */
  cause: unknown;
}

/** The code a bare HTTP status becomes: the first of ERROR_CODES with that status. */
const CODE_OF_STATUS = new Map<number, ErrorCode>();
for (const [code, row] of Object.entries(ERROR_CODES) as Array<[ErrorCode, (typeof ERROR_CODES)[ErrorCode]]>) {
  if (!CODE_OF_STATUS.has(row.httpStatus)) CODE_OF_STATUS.set(row.httpStatus, code);
}

/** tRPC wraps what a procedure throws in a TRPCError (INTERNAL_SERVER_ERROR) whose cause is the thrown error. */
function unwrapped(thrown: unknown): unknown {
  return thrown instanceof TRPCError && thrown.cause !== undefined ? thrown.cause : thrown;
}

/**
 * An answer for `code`. `text` is the error's own message: shown when it is a catalogue text, or, with
 * `ownWords` (errors the API threw itself), when it is an admin's maintenance message (503); a failure of
 * ours (other 5xx) always reads the catalogue's general text.
 */
function answer(
  code: ErrorCode,
  text: string | undefined,
  cause: unknown,
  {
    ownWords = false,
    details = {},
    retryAfterSeconds = null,
  }: Partial<Pick<PublicError, 'details' | 'retryAfterSeconds'>> & { ownWords?: boolean } = {},
): PublicError {
  const { httpStatus, message: general } = ERROR_CODES[code];
  const fault = httpStatus >= 500 && code !== 'SERVICE_UNAVAILABLE';
  let message: string = general;
  if (ownWords && code === 'SERVICE_UNAVAILABLE' && text !== undefined) message = text;
  else if (!fault && text !== undefined && isCatalogueText(text)) message = text;
  return { status: httpStatus, code, message, details, retryAfterSeconds, log: fault ? 'error' : null, cause };
}

/**
 * THE mapping (docs/architecture.md#errors): anything thrown, by a procedure, tRPC, Fastify or one of its
 * plugins, as what a client sees and how it is logged. The tRPC error formatter, tRPC's response headers
 * and error log, the REST adapter and every Fastify route and hook answer through it.
 *
 * - The database cannot be reached: 503 SERVICE_UNAVAILABLE with the catalogue's text and Retry-After, logged as a warning.
 * - An AppError: its code, text, details and Retry-After.
 * - A TRPCError of tRPC's own (bad input, no such procedure): its code; the first failing validation
 *   rule's text, since zod's and tRPC's own wording names internals or echoes the request.
 * - A refusal of Fastify or a plugin (a 4xx `statusCode`: malformed JSON, a body too large): the code of
 *   its status, with the catalogue's general text for it (theirs name internals: FST_ codes).
 * - Anything else: 500 INTERNAL_SERVER_ERROR with the catalogue's generic sentence, logged as an error.
 */
export function publicError(thrown: unknown): PublicError {
  const cause = unwrapped(thrown);
  if (isDatabaseUnavailable(thrown)) {
    const { code, message, details, retryAfterSeconds } = databaseUnavailable();
    return { ...answer(code, message, cause, { ownWords: true, details, retryAfterSeconds }), log: 'warn' };
  }
  if (cause instanceof AppError) {
    const { code, message, details, retryAfterSeconds } = cause;
    return answer(code, message, cause, { ownWords: true, details, retryAfterSeconds });
  }
  if (thrown instanceof TRPCError) {
    const text = thrown.cause instanceof ZodError ? thrown.cause.issues[0]?.message : thrown.message;
    return answer(thrown.code, text, cause, { ownWords: true });
  }
  const {
    statusCode,
    code: fastifyCode,
    message,
  } = (typeof thrown === 'object' && thrown !== null ? thrown : {}) as {
    statusCode?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const text = typeof message === 'string' && !String(fastifyCode).startsWith('FST_') ? message : undefined;
    return answer(CODE_OF_STATUS.get(statusCode) ?? 'BAD_REQUEST', text, cause);
  }
  return answer('INTERNAL_SERVER_ERROR', undefined, cause);
}
