import { messages } from '@app/contracts';
import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import { HTTP_STATUS, publicCode, publicMessage } from './errors';
import { readMaintenance } from './maintenance/service';

/**
 * The first failing rule's own text is the message (DESIGN.md section 6), so a client can show it as is.
 * Stacks never leave the server.
 */
/** `download`: the REST path answers with the file itself (FileOutput's body), not JSON. */
export type AppMeta = OpenApiMeta & { download?: boolean };

const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error }) {
      const code = publicCode(error);
      return {
        ...shape,
        code: TRPC_ERROR_CODES_BY_KEY[code],
        message: publicMessage(error),
        data: { code, httpStatus: HTTP_STATUS[code], path: shape.data.path },
      };
    },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/** True when a NUL character hides anywhere in a value (strings, keys, arrays, nested objects). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** PostgreSQL text cannot hold NUL: refuse it for every procedure at once rather than fail in SQL. */
const refuseNul = t.middleware(async ({ getRawInput, next }) => {
  if (containsNul(await getRawInput())) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.common.nulCharacter });
  return next();
});

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(refuseNul);

const signedIn = t.middleware(({ ctx, next }) => {
  if (!ctx.user || !ctx.sessionToken) throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.common.unauthorized });
  return next({ ctx: { ...ctx, user: ctx.user, sessionToken: ctx.sessionToken } });
});

/** A signed-in user, whatever the site's state: the calls that must answer during maintenance. */
export const sessionProcedure = publicProcedure.use(signedIn);

/**
 * A signed-in member while the site is open. During maintenance or with the website off, members get
 * 503 with the maintenance message; admins pass (DESIGN.md section 5).
 */
export const memberProcedure = sessionProcedure.use(async ({ ctx, next }) => {
  if (!ctx.user.isAdmin) {
    const status = await readMaintenance(ctx.db);
    if (status.maintenance || status.websiteStatus === 'off') {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: status.message });
    }
  }
  return next();
});

/** A member call that earns or moves money: a suspended account is refused with its reason. */
export const moneyProcedure = memberProcedure.use(({ ctx, next }) => {
  if (ctx.user.accountStatus === 'suspended') {
    const { statusReason } = ctx.user;
    const message = statusReason ? messages.auth.accountSuspendedBecause(statusReason) : messages.auth.accountSuspended;
    throw new TRPCError({ code: 'FORBIDDEN', message });
  }
  return next();
});

/** An admin, locked or not: only the unlock and lock calls. */
export const adminSessionProcedure = sessionProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: messages.auth.adminRequired });
  return next();
});

/** True while the admin's step-up lasts (ADMIN_UNLOCK_HOURS from the unlock). */
const panelUnlocked = (ctx: Context) => ctx.adminUnlockedUntil !== null && ctx.adminUnlockedUntil > ctx.now();

/** An admin whose panel is unlocked (DESIGN.md section 3): every other admin call. */
export const adminProcedure = adminSessionProcedure.use(({ ctx, next }) => {
  if (!panelUnlocked(ctx)) throw new TRPCError({ code: 'FORBIDDEN', message: messages.auth.adminLocked });
  return next();
});

/** The commission operator's own session. */
export const operatorProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.operator) throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.common.unauthorized });
  return next({ ctx: { ...ctx, operator: ctx.operator } });
});

/**
 * The commission operator, or an unlocked admin: the commission figures, payout list and statement that
 * both the operator's dashboard and the admin panel's % tabs read (DESIGN.md section 3). Anyone else
 * lacks the operator session (401); an admin whose panel is locked gets 403 as from adminProcedure.
 */
export const operatorOrAdminProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.operator) return next();
  if (!ctx.user?.isAdmin) throw new TRPCError({ code: 'UNAUTHORIZED', message: messages.common.unauthorized });
  if (!panelUnlocked(ctx)) throw new TRPCError({ code: 'FORBIDDEN', message: messages.auth.adminLocked });
  return next();
});
