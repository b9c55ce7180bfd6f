import type { MaintenanceStatus } from '@app/contracts';
import type { UserRow } from '@app/db';
import type { ApiDeps, Context } from './context';
import type { RequestScope } from './lib/request-scope';
import { readMaintenanceStatus } from './system-settings/service';

/**
 * The user as this request may treat them: admin only while their e-mail is in ADMIN_EMAILS and their
 * account is active. An address taken out of ADMIN_EMAILS loses admin for good at its next request (the
 * flag is cleared, so lists agree); a suspended admin has no admin power until the account is active again.
 */
async function withAdminPowers(deps: ApiDeps, user: UserRow): Promise<UserRow> {
  if (!user.isAdmin) return user;
  if (!deps.settings.adminEmails.includes(user.email.toLowerCase())) {
    await deps.db.updateTable('users').set({ isAdmin: false }).where('id', '=', user.id).execute();
    return { ...user, isAdmin: false };
  }
  return user.accountStatus === 'active' ? user : { ...user, isAdmin: false };
}

/**
 * Builds a request's context: the member session from its cookie (one query, user included) and the
 * operator session when its cookie is present. A banned member's sessions all end here; admin powers
 * are decided here too (withAdminPowers).
 */
export async function createContext(deps: ApiDeps, req: RequestScope): Promise<Context> {
  let maintenanceStatus: Promise<MaintenanceStatus> | undefined;
  // Field by field rather than a spread of deps: every request builds one, and a literal of known shape is
  // the cheapest object V8 makes.
  const context: Context = {
    db: deps.db,
    caches: deps.caches,
    live: deps.live,
    photos: deps.photos,
    photoDecoder: deps.photoDecoder,
    sessions: deps.sessions,
    operatorSessions: deps.operatorSessions,
    settings: deps.settings,
    attempts: deps.attempts,
    now: deps.now,
    req,
    user: null,
    sessionToken: null,
    sessionEnded: false,
    adminUnlockedUntil: null,
    operator: null,
    readMaintenanceStatus: () => {
      maintenanceStatus ??= readMaintenanceStatus(deps);
      return maintenanceStatus;
    },
  };

  const token = req.cookie(deps.sessions.cookieName);
  if (token) {
    const signedIn = await deps.sessions.validateSession(token);
    if (!signedIn) {
      req.setCookie(deps.sessions.blankCookie());
      context.sessionEnded = true;
    } else if (signedIn.user.accountStatus === 'banned') {
      await deps.sessions.invalidateUserSessions(signedIn.user.id);
      req.setCookie(deps.sessions.blankCookie());
      context.sessionEnded = true;
    } else {
      if (signedIn.refreshed) req.setCookie(deps.sessions.sessionCookie(token));
      context.user = signedIn.user.isAdmin ? await withAdminPowers(deps, signedIn.user) : signedIn.user;
      context.sessionToken = token;
      context.adminUnlockedUntil = signedIn.adminUnlockedUntil;
    }
  }

  const operatorToken = req.cookie(deps.operatorSessions.cookieName);
  if (operatorToken) {
    const operator = await deps.operatorSessions.validate(operatorToken, deps.now());
    if (operator) context.operator = { username: operator.username, token: operatorToken };
  }
  return context;
}
