import { ERROR_CODES, LIVE_PING_MS, LIVE_RECONNECT_AFTER_MS, messages, unstorableText } from '@app/contracts';
import { type UserRow, writesReachOthers } from '@app/db';
import { initTRPC } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { AppError, badRequest, forbidden, publicError, sessionEnded, unauthorized } from './lib/errors';

/**
 * `download`: the REST path answers with the file itself (FileOutput's body), not JSON. `cacheSeconds`:
 * the answer is the same for everyone for that long, and shared caches may keep it (public figures).
 */
export type AppMeta = OpenApiMeta & { download?: boolean; cacheSeconds?: number };

const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
  .create({
    isDev: false,
    // Live streams (docs/architecture.md#live-updates): a ping keeps proxies from closing an idle stream,
    // and a page that hears nothing for longer reconnects.
    sse: { ping: { enabled: true, intervalMs: LIVE_PING_MS }, client: { reconnectAfterInactivityMs: LIVE_RECONNECT_AFTER_MS } },
    // What a client sees of an error is publicError's (docs/architecture.md#errors); stacks never leave the server.
    errorFormatter({ shape, error }) {
      const { code, status, message, details } = publicError(error);
      return {
        ...shape,
        code: TRPC_ERROR_CODES_BY_KEY[ERROR_CODES[code].trpcCode],
        message,
        data: { code, httpStatus: status, path: shape.data.path, details },
      };
    },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;

/** The refusal for the first such text anywhere in a value (strings, keys, arrays, nested objects), or null. */
function unstorableIn(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return unstorableText(value);
  if (depth > 20 || typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return null;
  for (const item of Array.isArray(value) ? value : Object.entries(value).flat()) {
    const refusal = unstorableIn(item, depth + 1);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL, and a lone surrogate is either replaced on the way (text) or refused
 * (jsonb, as in the admin log): refuse both for every procedure at once rather than fail in SQL.
 */
async function refuseUnstorableText(getRawInput: () => Promise<unknown>): Promise<void> {
  const refusal = unstorableIn(await getRawInput());
  if (refusal) throw badRequest(refusal);
}

/** A rule of a tier: throws the refusal, or lets the call through. */
type Gate = (ctx: Context) => void | Promise<void>;

const signedIn: Gate = (ctx) => {
  if (!ctx.user || !ctx.sessionToken) throw ctx.sessionEnded ? sessionEnded() : unauthorized();
};

/** During maintenance or with the website off, members get 503 with the maintenance message; admins pass. */
const siteOpen: Gate = async (ctx) => {
  if (ctx.user?.isAdmin) return;
  const status = await ctx.siteStatus();
  if (status.maintenance || status.websiteStatus === 'off') {
    throw new AppError('SERVICE_UNAVAILABLE', status.message);
  }
};

/** A suspended account is refused with its reason. */
const notSuspended: Gate = (ctx) => {
  if (ctx.user?.accountStatus !== 'suspended') return;
  const { statusReason } = ctx.user;
  const message = statusReason ? messages.auth.accountSuspendedBecause(statusReason) : messages.auth.accountSuspended;
  throw forbidden(message);
};

const isAdmin: Gate = (ctx) => {
  if (!ctx.user?.isAdmin) throw forbidden(messages.auth.adminRequired);
};

/** True while the admin's step-up lasts (ADMIN_UNLOCK_HOURS from the unlock). */
export const panelUnlocked = (ctx: Pick<Context, 'adminUnlockedUntil' | 'now'>) =>
  ctx.adminUnlockedUntil !== null && ctx.adminUnlockedUntil > ctx.now();

const unlocked: Gate = (ctx) => {
  if (!panelUnlocked(ctx)) throw forbidden(messages.auth.adminLocked);
};

const isOperator: Gate = (ctx) => {
  if (!ctx.operator) throw unauthorized();
};

/** The commission operator, or an unlocked admin; anyone else 401, an admin whose panel is locked 403. */
const operatorOrUnlockedAdmin: Gate = (ctx) => {
  if (ctx.operator) return;
  if (!ctx.user?.isAdmin) throw unauthorized();
  unlocked(ctx);
};

/**
 * Each tier is ONE middleware that runs its rules in order: tRPC copies its call options at every
 * middleware, and the whole context at every one that passes a context to `next`, so a chain of small
 * middlewares cost about a tenth of a signed-in read's CPU.
 */
function anyone(...gates: Gate[]) {
  return t.procedure.use(async ({ ctx, getRawInput, next }) => {
    await refuseUnstorableText(getRawInput);
    for (const gate of gates) await gate(ctx);
    return next();
  });
}

/**
 * The type of the context once the tier's rules held. tRPC narrows a context's type from what is passed
 * to `next({ ctx })`, and copies the whole context to merge it; the rules have already checked the same
 * object, so only the type is passed (`ctx` undefined at run time: tRPC then keeps the context as it is).
 */
function checked<T>(): { ctx: T } {
  return { ctx: undefined as unknown as T };
}

/** A tier of signed-in users: the context's user and session are narrowed to present. */
function signedInWith(...gates: Gate[]) {
  return t.procedure.use(async ({ ctx, getRawInput, next }) => {
    await refuseUnstorableText(getRawInput);
    signedIn(ctx);
    for (const gate of gates) await gate(ctx);
    return next(checked<{ user: UserRow; sessionToken: string }>());
  });
}

/** Anyone, signed in or not. */
export const publicProcedure = anyone();

/** A signed-in user, whatever the site's state: the calls that must answer during maintenance. */
export const sessionProcedure = signedInWith();

/** A signed-in member while the site is open (docs/product-rules.md#decided-rules). */
export const memberProcedure = signedInWith(siteOpen);

/** A member call that earns or moves money: a suspended account is refused with its reason. */
export const moneyProcedure = signedInWith(siteOpen, notSuspended);

/** An admin, locked or not: only the unlock and lock calls. */
export const adminSessionProcedure = signedInWith(isAdmin);

/**
 * An admin whose panel is unlocked (docs/architecture.md#identity-and-access): every other admin call. Its
 * writes are to other people's accounts, so it answers once every instance's cache has them.
 */
export const adminProcedure = signedInWith(isAdmin, unlocked, writesReachOthers);

/** The commission operator's own session. */
export const operatorProcedure = t.procedure.use(async ({ ctx, getRawInput, next }) => {
  await refuseUnstorableText(getRawInput);
  isOperator(ctx);
  return next(checked<{ operator: NonNullable<Context['operator']> }>());
});

/**
 * The commission operator, or an unlocked admin: the commission figures, payout list and statement that
 * both the operator's dashboard and the admin panel's % tabs read (docs/architecture.md#identity-and-access).
 */
export const operatorOrAdminProcedure = anyone(operatorOrUnlockedAdmin);
