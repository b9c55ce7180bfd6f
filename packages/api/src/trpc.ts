import {
  DEFAULT_LANGUAGE,
  ERROR_CODES,
  type ErrorCode,
  LIVE_PING_MS,
  LIVE_RECONNECT_AFTER_MS,
  messages,
  unstorableText,
} from '@app/contracts';
import { translateServerText } from '@app/contracts/server-texts';
import { type UserRow, writesReachOthers } from '@app/db';
import { initTRPC } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { panelUnlocked } from './access/service';
import { type Context, languageOf } from './context';
import { AppError, badRequest, forbidden, publicError, sessionEnded, unauthorized } from './lib/errors';
import { adminPasskeyActor, operatorPasskeyActor } from './passkeys/owner';
import { requireStepUp } from './passkeys/step-up';
import type { AppMeta } from './trpc-rows';

const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
  .create({
    isDev: false,
    // Live streams (docs/architecture.md#live-updates): a ping keeps proxies from closing an idle stream,
    // and a page that hears nothing for longer reconnects.
    sse: { ping: { enabled: true, intervalMs: LIVE_PING_MS }, client: { reconnectAfterInactivityMs: LIVE_RECONNECT_AFTER_MS } },
    // What a client sees of an error is publicError's (docs/architecture.md#errors); stacks never leave the server.
    // Its text in the member's language (docs/architecture.md#two-languages); the code stays.
    errorFormatter({ shape, error, ctx }) {
      const { code, status, message, details } = publicError(error);
      const language = ctx ? languageOf(ctx) : DEFAULT_LANGUAGE;
      return {
        ...shape,
        code: TRPC_ERROR_CODES_BY_KEY[ERROR_CODES[code].trpcCode],
        message: translateServerText(message, language),
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

/** The codes each rule refuses with, so that a tier's are known without calling it. */
const gateRefusals = new Map<Gate, readonly ErrorCode[]>();
function refusing(codes: readonly ErrorCode[], gate: Gate): Gate {
  gateRefusals.set(gate, codes);
  return gate;
}

const signedIn = refusing(['UNAUTHORIZED'], (ctx) => {
  if (!ctx.user || !ctx.sessionToken) throw ctx.sessionEnded ? sessionEnded() : unauthorized();
});

/** During maintenance or with the website off, members get 503 with the maintenance message; admins pass. */
const siteOpen = refusing(['SERVICE_UNAVAILABLE'], async (ctx) => {
  if (ctx.user?.isAdmin) return;
  const status = await ctx.readMaintenanceStatus();
  if (status.maintenance || status.websiteStatus === 'off') {
    throw new AppError('SERVICE_UNAVAILABLE', status.message);
  }
});

/** A suspended account is refused with its reason. */
const notSuspended = refusing(['FORBIDDEN'], (ctx) => {
  if (ctx.user?.accountStatus !== 'suspended') return;
  const { statusReason } = ctx.user;
  const message = statusReason ? messages.auth.accountSuspendedBecause(statusReason) : messages.auth.accountSuspended;
  throw forbidden(message);
});

const isAdmin = refusing(['FORBIDDEN'], (ctx) => {
  if (!ctx.user?.isAdmin) throw forbidden(messages.auth.adminRequired);
});

const unlocked = refusing(['FORBIDDEN'], (ctx) => {
  if (!panelUnlocked(ctx)) throw forbidden(messages.auth.adminLocked);
});

const isOperator = refusing(['UNAUTHORIZED'], (ctx) => {
  if (!ctx.operator) throw unauthorized();
});

/**
 * The step-up of money decisions (docs/architecture.md#passkeys-and-the-step-up), one rule for the admin's
 * and the operator's: checked before the call's input is read, so a batch is checked once.
 */
const adminSteppedUp = refusing(['STEP_UP_REQUIRED', 'PASSKEY_REQUIRED'], (ctx) =>
  requireStepUp(ctx.db, adminPasskeyActor(ctx), ctx.now(), ctx.settings.passkeyRequired),
);
const operatorSteppedUp = refusing(['STEP_UP_REQUIRED', 'PASSKEY_REQUIRED'], (ctx) =>
  requireStepUp(ctx.db, operatorPasskeyActor(ctx), ctx.now(), ctx.settings.passkeyRequired),
);

/** The commission operator, or an unlocked admin; anyone else 401, an admin whose panel is locked 403. */
const operatorOrUnlockedAdmin = refusing(['UNAUTHORIZED', 'FORBIDDEN'], (ctx) => {
  if (ctx.operator) return;
  if (!ctx.user?.isAdmin) throw unauthorized();
  return unlocked(ctx);
});

/**
 * A tier: ONE middleware that runs its rules in order. tRPC copies its call options at every middleware, and
 * the whole context at every one that passes a context to `next`, so a chain of small middlewares cost about
 * a tenth of a signed-in read's CPU. `TChecked` is what the rules make sure of in the context (`checked`).
 */
function tier<TChecked extends object>(credentials: Credentials, gates: Gate[]) {
  return described(
    t.procedure.use(async ({ ctx, getRawInput, next }) => {
      await refuseUnstorableText(getRawInput);
      for (const gate of gates) await gate(ctx);
      return next(checked<TChecked>());
    }),
    credentials,
    gates,
  );
}

/** A tier that asks for no identity of its own: its rules alone decide. */
function anyone(credentials: Credentials, ...gates: Gate[]) {
  return tier<object>(credentials, gates);
}

/**
 * Which cookie a tier's caller shows: none, the member's or admin's session, the commission operator's,
 * or either of the last two (docs/api-conventions.md#the-openapi-document).
 */
export type Credentials = 'none' | 'session' | 'operator' | 'operatorOrSession';

/** What the OpenAPI document says of a procedure's tier: the cookie it needs and the codes its rules refuse with. */
export interface TierFacts {
  credentials: Credentials;
  refusals: readonly ErrorCode[];
}

/** Each tier's facts, by its middleware (the first of every procedure built on it). */
const tierFacts = new Map<unknown, TierFacts>();

function described<B extends { _def: { middlewares: unknown[] } }>(tier: B, credentials: Credentials, gates: Gate[]): B {
  const refusals = [...new Set(gates.flatMap((gate) => gateRefusals.get(gate) ?? []))];
  tierFacts.set(tier._def.middlewares[0], { credentials, refusals });
  return tier;
}

/** The tier facts of a procedure (its first middleware is its tier's), or undefined for one built on no tier. */
export function tierFactsOf(procedure: { _def: { middlewares?: unknown[] } }): TierFacts | undefined {
  return tierFacts.get(procedure._def.middlewares?.[0]);
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
  return tier<{ user: UserRow; sessionToken: string }>('session', [signedIn, ...gates]);
}

/** Anyone, signed in or not. */
export const publicProcedure = anyone('none');

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

/** An unlocked admin's money decision: payouts, balances, holds, bonuses, VIP approvals, commission, passkey removal. */
export const adminMoneyProcedure = signedInWith(isAdmin, unlocked, adminSteppedUp, writesReachOthers);

/** A tier of the commission operator's own session, with further rules. */
function operatorWith(...gates: Gate[]) {
  return tier<{ operator: NonNullable<Context['operator']> }>('operator', [isOperator, ...gates]);
}

/** The commission operator's own session. */
export const operatorProcedure = operatorWith();

/** The operator's money action (a payout request) and passkey removal: stepped up as an admin's. */
export const operatorMoneyProcedure = operatorWith(operatorSteppedUp);

/**
 * The commission operator, or an unlocked admin: the commission figures, payout list and statement that
 * both the operator's dashboard and the admin panel's % tabs read (docs/architecture.md#identity-and-access).
 */
export const operatorOrAdminProcedure = anyone('operatorOrSession', operatorOrUnlockedAdmin);

// The routers build their tables from the tiers above and the rows of trpc-rows.ts: one import for both.
export { type AppMeta, adminCall, mutation, okWhenDone, query, restEntries } from './trpc-rows';
