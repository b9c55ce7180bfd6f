import { type AppCaches, type CachedSession, type Db, rememberRowVersion, type Tx, type UserRow } from '@app/db';
import { sql } from 'kysely';
import { type Adapter, type DatabaseSession, type DatabaseUser, Lucia, TimeSpan } from 'lucia';
import { hashToken } from './tokens';

export const SESSION_COOKIE = 'session';

interface SessionAttributes {
  adminUnlockedUntil: Date | null;
}

/**
 * The user row as Lucia carries it: wrapped, because Lucia copies a user's attributes into a new object on
 * every validation, and the row itself must reach the request as the cache holds it (one shared, frozen
 * object per version of the row, which answers prepared from it are kept by).
 */
interface CachedUser {
  row: UserRow;
}

declare module 'lucia' {
  interface Register {
    Lucia: SessionManager['lucia'];
    DatabaseSessionAttributes: SessionAttributes;
    DatabaseUserAttributes: CachedUser;
  }
}

/**
 * A session with its user, from this instance's cache (docs/architecture.md#caches) or else in one query.
 * Every signed-in request runs it, so the query is written as SQL: building, transforming and compiling it
 * with the query builder took 12 to 15 % of the server's CPU on a signed-in read.
 */
function findSession(db: Db, caches: Pick<AppCaches, 'sessions'>, hash: string): Promise<CachedSession | null> {
  return caches.sessions.get(hash, async () => {
    const {
      rows: [row],
    } = await sql<UserRow & { sessionExpiresAt: Date; sessionAdminUnlockedUntil: Date | null; userVersion: string }>`
      SELECT u.*, u.xmin::text AS user_version, s.expires_at AS session_expires_at, s.admin_unlocked_until AS session_admin_unlocked_until
      FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = ${hash}`.execute(db);
    if (!row) return null;
    const { sessionExpiresAt, sessionAdminUnlockedUntil, userVersion, ...user } = row;
    // Shared by every request the entry serves until the row changes: nobody may change it in place.
    const frozen = Object.freeze(user);
    rememberRowVersion(frozen, userVersion);
    return { expiresAt: sessionExpiresAt, adminUnlockedUntil: sessionAdminUnlockedUntil, user: frozen };
  });
}

/**
 * Lucia's adapter over our tables. Lucia hands us the token it put in the cookie; every method stores
 * and looks up its hash only. The user comes back whole with the session, from the cache or one query.
 */
function kyselyAdapter(db: Db, caches: Pick<AppCaches, 'sessions'>): Adapter {
  const toSession = (row: { id: string; userId: string; expiresAt: Date; adminUnlockedUntil: Date | null }): DatabaseSession => ({
    id: row.id,
    userId: row.userId,
    expiresAt: row.expiresAt,
    attributes: { adminUnlockedUntil: row.adminUnlockedUntil },
  });
  return {
    async getSessionAndUser(token) {
      const cached = await findSession(db, caches, hashToken(token));
      if (!cached) return [null, null];
      const { user } = cached;
      const session = toSession({ id: token, userId: user.id, expiresAt: cached.expiresAt, adminUnlockedUntil: cached.adminUnlockedUntil });
      const databaseUser: DatabaseUser = { id: user.id, attributes: { row: user as UserRow } };
      return [session, databaseUser];
    },
    async getUserSessions(userId) {
      // Only hashes are stored, so these cannot be turned back into usable tokens; callers only count them.
      const rows = await db.selectFrom('sessions').selectAll().where('userId', '=', userId).execute();
      return rows.map(toSession);
    },
    async setSession(session) {
      await db
        .insertInto('sessions')
        .values({
          id: hashToken(session.id),
          userId: session.userId,
          expiresAt: session.expiresAt,
          adminUnlockedUntil: session.attributes.adminUnlockedUntil,
        })
        .execute();
    },
    async updateSessionExpiration(token, expiresAt) {
      await db.updateTable('sessions').set({ expiresAt }).where('id', '=', hashToken(token)).execute();
    },
    async deleteSession(token) {
      await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    },
    async deleteUserSessions(userId) {
      await db.deleteFrom('sessions').where('userId', '=', userId).execute();
    },
    async deleteExpiredSessions() {
      await db.deleteFrom('sessions').where('expiresAt', '<=', new Date()).execute();
    },
  };
}

/**
 * Ends every session of a user inside the caller's transaction, so that a ban and the end of the banned
 * user's sessions commit together: no request sees one without the other.
 */
export async function endUserSessions(trx: Tx, userId: string): Promise<void> {
  await trx.deleteFrom('sessions').where('userId', '=', userId).execute();
}

export interface SignedIn {
  user: UserRow;
  token: string;
  expiresAt: Date;
  adminUnlockedUntil: Date | null;
  /** True when the expiry was just extended and the cookie should be sent again. */
  refreshed: boolean;
}

export interface SessionCookie {
  name: string;
  value: string;
  attributes: { httpOnly: boolean; sameSite: 'lax'; secure: boolean; path: string; expires?: Date; maxAge?: number };
}

/**
 * Member and admin sessions: 30 days, extended when used in their second half (Lucia's sliding expiry).
 * Everything Lucia-specific stays in this file, behind these functions.
 */
export function createSessionManager(db: Db, options: { secureCookies: boolean; caches: Pick<AppCaches, 'sessions'> }) {
  const lucia = new Lucia(kyselyAdapter(db, options.caches), {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: { name: SESSION_COOKIE, attributes: { sameSite: 'lax', secure: options.secureCookies, path: '/' } },
    getSessionAttributes: (attributes) => attributes,
    getUserAttributes: (attributes) => attributes,
  });

  const cookieFor = (token: string | null): SessionCookie => {
    const cookie = token ? lucia.createSessionCookie(token) : lucia.createBlankSessionCookie();
    return {
      name: cookie.name,
      value: cookie.value,
      attributes: {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
        ...(cookie.attributes.expires ? { expires: cookie.attributes.expires } : {}),
        ...(cookie.attributes.maxAge !== undefined ? { maxAge: cookie.attributes.maxAge } : {}),
      },
    };
  };

  return {
    lucia,
    cookieName: SESSION_COOKIE,

    async createSession(userId: string): Promise<{ token: string; cookie: SessionCookie }> {
      const session = await lucia.createSession(userId, { adminUnlockedUntil: null });
      return { token: session.id, cookie: cookieFor(session.id) };
    },

    async validateSession(token: string): Promise<SignedIn | null> {
      const { session, user } = await lucia.validateSession(token);
      if (!session) return null;
      return {
        user: user.row,
        token: session.id,
        expiresAt: session.expiresAt,
        adminUnlockedUntil: session.adminUnlockedUntil,
        refreshed: session.fresh,
      };
    },

    /** The user a live session belongs to, read without extending it (rate limits key on the user). */
    async findUserId(token: string, now = new Date()): Promise<string | null> {
      const session = await findSession(db, options.caches, hashToken(token));
      return session && session.expiresAt > now ? session.user.id : null;
    },

    async invalidateSession(token: string): Promise<void> {
      await lucia.invalidateSession(token);
    },

    async invalidateUserSessions(userId: string): Promise<void> {
      await lucia.invalidateUserSessions(userId);
    },

    /** In the caller's transaction, which logs the unlock or lock beside it. */
    async setAdminUnlockedUntil(trx: Tx, token: string, until: Date | null): Promise<void> {
      await trx.updateTable('sessions').set({ adminUnlockedUntil: until }).where('id', '=', hashToken(token)).execute();
    },

    sessionCookie: cookieFor,
    blankCookie: () => cookieFor(null),
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;
