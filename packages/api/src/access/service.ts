import { secretsMatch } from '@app/auth';
import { messages } from '@app/contracts';
import { type AdminLogEntry, actorOf, logAdminAction } from '../admin-log/service';
import type { Context } from '../context';
import { unauthorized } from '../lib/errors';
import { checkPasswordAttempt } from '../lib/wrong-passwords';

/** True while the admin's step-up lasts (ADMIN_UNLOCK_HOURS from the unlock). */
export const panelUnlocked = (ctx: Pick<Context, 'adminUnlockedUntil' | 'now'>) =>
  ctx.adminUnlockedUntil !== null && ctx.adminUnlockedUntil > ctx.now();

/** A signed-in admin's session, locked or not: what unlocking and locking the panel read and write. */
type AdminSession = Pick<Context, 'db' | 'attempts' | 'sessions' | 'now'> & {
  req: Pick<Context['req'], 'ip'>;
  settings: Pick<Context['settings'], 'adminPanelPassword' | 'adminUnlockHours'>;
  user: { id: string };
  sessionToken: string;
};

/**
 * The admin step-up of docs/architecture.md#identity-and-access: the panel password unlocks this session for
 * `adminUnlockHours`, and the unlock is logged. Wrong passwords lock the admin out for a while
 * (WRONG_PASSWORD_LIMITS); correct ones never do. Returns until when the panel is unlocked.
 */
export async function unlockAdminPanel(session: AdminSession, password: string): Promise<Date> {
  const now = session.now();
  const isCorrect = () => secretsMatch(password, session.settings.adminPanelPassword);
  if (!(await checkPasswordAttempt(session.attempts, 'adminUnlock', session.user.id, isCorrect))) {
    throw unauthorized(messages.auth.incorrectPassword);
  }
  const unlockedUntil = new Date(now.getTime() + session.settings.adminUnlockHours * 60 * 60 * 1000);
  await setPanelUnlockedUntil(session, unlockedUntil, {
    action: 'admin_unlock',
    targetId: session.user.id,
    details: { unlockedUntil: unlockedUntil.toISOString() },
  });
  return unlockedUntil;
}

/** Locks the panel again (Admin Logout): the session stays signed in, and the lock is logged. */
export async function lockAdminPanel(session: AdminSession): Promise<void> {
  await setPanelUnlockedUntil(session, null, { action: 'admin_lock', targetId: session.user.id, details: {} });
}

/** Unlocks or locks the session's panel and logs it in one transaction: no change to the panel goes unlogged. */
async function setPanelUnlockedUntil(session: AdminSession, unlockedUntil: Date | null, entry: AdminLogEntry): Promise<void> {
  await session.db.transaction().execute(async (trx) => {
    await session.sessions.setAdminUnlockedUntil(trx, session.sessionToken, unlockedUntil);
    await logAdminAction(trx, actorOf(session), entry);
  });
}
