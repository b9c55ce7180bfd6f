import type { Db } from '@app/db';
import type { SessionCookie } from './sessions';
import { generateToken, hashToken } from './tokens';

const OPERATOR_COOKIE = 'commission_session';
const OPERATOR_SESSION_MS = 12 * 60 * 60 * 1000;

/**
 * The commission operator is not a member: its sessions live in their own table and cookie, stored
 * hashed like member sessions, and last 12 hours.
 */
export function createOperatorSessions(db: Db, options: { secureCookies: boolean }) {
  return {
    cookieName: OPERATOR_COOKIE,

    /** The cookie carrying a token, or the one that removes it (token null). */
    cookie(token: string | null): SessionCookie {
      return {
        name: OPERATOR_COOKIE,
        value: token ?? '',
        attributes: {
          httpOnly: true,
          sameSite: 'lax',
          secure: options.secureCookies,
          path: '/',
          maxAge: token ? OPERATOR_SESSION_MS / 1000 : 0,
        },
      };
    },

    async create(username: string, now = new Date()): Promise<string> {
      const token = generateToken();
      await db
        .insertInto('commissionSessions')
        .values({ id: hashToken(token), username, expiresAt: new Date(now.getTime() + OPERATOR_SESSION_MS) })
        .execute();
      return token;
    },

    async validate(token: string, now = new Date()): Promise<{ username: string } | null> {
      const row = await db
        .selectFrom('commissionSessions')
        .select(['username', 'expiresAt'])
        .where('id', '=', hashToken(token))
        .executeTakeFirst();
      if (!row) return null;
      if (row.expiresAt <= now) {
        await this.invalidate(token);
        return null;
      }
      return { username: row.username };
    },

    async invalidate(token: string): Promise<void> {
      await db.deleteFrom('commissionSessions').where('id', '=', hashToken(token)).execute();
    },
  };
}

export type OperatorSessions = ReturnType<typeof createOperatorSessions>;
