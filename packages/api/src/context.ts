import type { OperatorSessions, SessionCookie, SessionManager } from '@app/auth';
import type { MaintenanceStatus } from '@app/contracts';
import type { AppCaches, Db, UserRow } from '@app/db';
import type { AttemptCounter } from './lib/wrong-passwords';
import type { LiveHub } from './live/hub';
import { readMaintenance } from './maintenance/service';
import type { PhotoDecoder } from './profile/photo-image';
import type { PhotoStore } from './profile/photo-store';

/** What the API needs from the configuration; the server reads and validates it. */
interface ApiSettings {
  timeZone: string;
  taskViewSeconds: number;
  adminPanelPassword: string;
  adminUnlockHours: number;
  commissionUsername: string;
  commissionPassword: string;
  secureCookies: boolean;
  /** BALANCE_CEILING in centavos: no admin edit raises a balance above it (docs/product-rules.md#admin-access). */
  balanceCeiling: number;
  /** Lower-case e-mails that become admins at sign-in (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  /** AD_CLIENT_ID, when ads are configured. */
  adClientId?: string | undefined;
  /** OIDC_ACCOUNT_URL: the identity provider's account page. */
  accountUrl?: string | undefined;
  /** DATA_DIR/uploads: photos from before the photo store, until they are moved into it (docs/architecture.md#uploads). */
  uploadsDir: string;
  /** Development sign-in is on only without an identity provider and outside production. */
  devLoginEnabled: boolean;
  /**
   * Whose clock times task views: the database's (always in production), or the server's, for tests that
   * move the server's clock instead of waiting.
   */
  viewClock: 'database' | 'server';
}

/** Long-lived dependencies, made once at start. */
export interface ApiDeps {
  db: Db;
  /** What this instance keeps in memory, dropped by the change notifications of every instance. */
  caches: AppCaches;
  /** The live streams open on this instance, fed by the same notifications. */
  live: LiveHub;
  /** Where profile photos are kept, shared by every instance: the photos table, or S3 with S3_URL. */
  photos: PhotoStore;
  /** Decodes uploaded photos, a bounded number at once on this instance (docs/architecture.md#uploads). */
  photoDecoder: PhotoDecoder;
  sessions: SessionManager;
  operatorSessions: OperatorSessions;
  settings: ApiSettings;
  /** Wrong-password counters, shared by every instance. */
  attempts: AttemptCounter;
  /** The server's clock; tests replace it to cross day boundaries. */
  now: () => Date;
}

/** The parts of an HTTP exchange a procedure may touch, independent of the web framework. */
export interface RequestScope {
  /** The client's address as the trusted proxies saw it (TRUST_PROXY). */
  ip: string;
  /**
   * The browser's long-lived device id (its HttpOnly `device` cookie, set at the first visit), or null
   * when the client showed none: nothing is recorded under an id until the client brings it back, so a
   * client that drops cookies leaves no trail of one-request devices (and costs no risk refresh each call).
   */
  deviceId: string | null;
  /**
   * The browser's traits as the member app sends them with every call (X-Device-Traits: 64 hex digits,
   * docs/product-rules.md#fraud-rules), or null when it sent none or something else. A client can forge it
   * like the device id: one signal among several.
   */
  deviceTraits: string | null;
  /**
   * The browser says another site started the request (a link or a form elsewhere: Sec-Fetch-Site
   * cross-site or same-site). Such a request may read, but what a read would also change is left alone.
   */
  startedElsewhere: boolean;
  cookie(name: string): string | undefined;
  setCookie(cookie: SessionCookie): void;
  /** A header of the answer (such as X-Total-Count beside a list that is not paged). */
  setHeader(name: string, value: string): void;
}

export interface Context extends ApiDeps {
  req: RequestScope;
  user: UserRow | null;
  sessionToken: string | null;
  /**
   * The request carried a session cookie that no longer opens a session (signed out elsewhere, ended by a
   * ban, expired): a refusal then tells the page its session ended, not that nobody had signed in.
   */
  sessionEnded: boolean;
  adminUnlockedUntil: Date | null;
  operator: { username: string; token: string } | null;
  /**
   * The site's maintenance status, read at most once per request: the procedures of one tRPC batch
   * share it rather than each reading the settings row.
   */
  siteStatus(): Promise<MaintenanceStatus>;
}

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
  let siteStatus: Promise<MaintenanceStatus> | undefined;
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
    siteStatus: () => {
      siteStatus ??= readMaintenance(deps);
      return siteStatus;
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
