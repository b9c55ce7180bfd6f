import { createHmac } from 'node:crypto';
import type { Db } from '@app/db';
import type { SessionCookie } from './sessions';
import { generateToken, hashToken, secretsMatch } from './tokens';

export const OPERATOR_COOKIE = 'commission_session';
const OPERATOR_SESSION_MS = 12 * 60 * 60 * 1000;
const KNOWN_DEVICE_COOKIE = 'commission_device';
const KNOWN_DEVICE_MS = 180 * 24 * 60 * 60 * 1000;

/** The operator's credentials, which a known device's mark is sealed with. */
interface OperatorCredentials {
  username: string;
  password: string;
}

/**
 * The seal of a known device's id: keyed by the operator's password, so only a sign-in can have made it and
 * a new password forgets every device.
 */
function sealOf(id: string, { username, password }: OperatorCredentials): string {
  return createHmac('sha256', password).update(`commission-device\u0000${username}\u0000${id}`).digest('base64url');
}

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

    knownDeviceCookieName: KNOWN_DEVICE_COOKIE,

    /**
     * The mark of a browser the operator has signed in from (docs/architecture.md#identity-and-access): a
     * new id and its seal, kept 180 days and renewed by each sign-in. Its wrong passwords count apart from
     * everyone else's, so guesses at the username from elsewhere cannot lock the operator out of it.
     */
    knownDeviceCookie(credentials: OperatorCredentials): SessionCookie {
      const id = generateToken();
      return {
        name: KNOWN_DEVICE_COOKIE,
        value: `${id}.${sealOf(id, credentials)}`,
        attributes: { httpOnly: true, sameSite: 'lax', secure: options.secureCookies, path: '/', maxAge: KNOWN_DEVICE_MS / 1000 },
      };
    },

    /** The id of the known device a cookie marks, or null for a cookie this password did not seal. */
    knownDevice(value: string | undefined, credentials: OperatorCredentials): string | null {
      const [id, seal, ...rest] = (value ?? '').split('.');
      if (!id || !seal || rest.length > 0 || id.length > 64) return null;
      return secretsMatch(seal, sealOf(id, credentials)) ? id : null;
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
