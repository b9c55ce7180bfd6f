import type { Db, Tx } from '@app/db';
import { logAdminAction } from '../admin-log/service';
import type { Context } from '../context';
import { unauthorized } from '../lib/errors';

/**
 * Whose passkeys, and which session steps up (docs/architecture.md#passkeys-and-the-step-up): an admin, by
 * their user id and site session, or the commission operator, one account without a users row, by its
 * username (COMMISSION_USERNAME) and operator session.
 */
export type PasskeyOwner = { kind: 'admin'; userId: string; email: string } | { kind: 'operator'; username: string };

/** An owner in one of their sessions: what the step-up rule reads. */
export type PasskeySession = PasskeyOwner & { sessionToken: string };

/** ... and from which address: what a ceremony logs. */
export type PasskeyActor = PasskeySession & { ip: string };

/** This site as WebAuthn names it: PUBLIC_URL's origin, or the request's own where it is unset (dev, tests). */
export interface RelyingParty {
  id: string;
  origin: string;
}

/** What every passkey call is given: the database, the service clock, the site and the actor. */
export interface PasskeyScope {
  db: Db;
  now: Date;
  rp: RelyingParty;
  actor: PasskeyActor;
}

export function relyingPartyOf(origin: string): RelyingParty {
  return { id: new URL(origin).hostname, origin };
}

type ActorContext = Pick<Context, 'user' | 'sessionToken' | 'operator'> & { req: Pick<Context['req'], 'ip'> };

/** The signed-in admin of a request as a passkey actor (their tier has checked they are one). */
export function adminPasskeyActor(ctx: ActorContext): PasskeyActor {
  if (!ctx.user || !ctx.sessionToken) throw unauthorized();
  return { kind: 'admin', userId: ctx.user.id, email: ctx.user.email, sessionToken: ctx.sessionToken, ip: ctx.req.ip };
}

/** The commission operator of a request as a passkey actor. */
export function operatorPasskeyActor(ctx: ActorContext): PasskeyActor {
  if (!ctx.operator) throw unauthorized();
  return { kind: 'operator', username: ctx.operator.username, sessionToken: ctx.operator.token, ip: ctx.req.ip };
}

/** A request's passkey scope for the actor its procedure names. */
export function passkeyScopeOf(ctx: Pick<Context, 'db' | 'now' | 'settings' | 'req'>, actor: PasskeyActor): PasskeyScope {
  return { db: ctx.db, now: ctx.now(), rp: relyingPartyOf(ctx.settings.publicOrigin ?? ctx.req.ownOrigin), actor };
}

export const sessionKindOf = (actor: PasskeyOwner) => actor.kind;
export const ownerColumns = (actor: PasskeyOwner) =>
  actor.kind === 'admin' ? { userId: actor.userId, operatorUsername: null } : { userId: null, operatorUsername: actor.username };

/** The actor's passkeys (a query on either owner column). */
export function ownPasskeys(db: Db | Tx, actor: PasskeyOwner) {
  const query = db.selectFrom('passkeys');
  return actor.kind === 'admin' ? query.where('userId', '=', actor.userId) : query.where('operatorUsername', '=', actor.username);
}

/** The session's step-up column lives on the session table of its kind; both store the token's hash. */
export function sessionTable(actor: PasskeyOwner) {
  return actor.kind === 'admin' ? ('sessions' as const) : ('commissionSessions' as const);
}

/**
 * The admin log's row for a passkey event, in the event's transaction. The operator is no admin: its rows
 * name it in the details, with no admin id.
 */
export function logPasskeyEvent(trx: Tx, actor: PasskeyActor, action: string, details: Record<string, unknown>): Promise<void> {
  const adminId = actor.kind === 'admin' ? actor.userId : null;
  const who = actor.kind === 'operator' ? { operator: actor.username } : {};
  return logAdminAction(trx, { adminId, ip: actor.ip }, { action, targetId: null, details: { ...who, ...details } });
}
