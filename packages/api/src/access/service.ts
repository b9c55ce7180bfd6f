import { secretsMatch } from '@app/auth';
import { messages } from '@app/contracts';
import { writeAdminLog } from '../activity/service';
import type { Context } from '../context';
import { unauthorized } from '../lib/errors';
import { checkPasswordAttempt } from '../lib/wrong-passwords';

/** A signed-in admin's session, locked or not: what unlocking and locking the panel read and write. */
type AdminSession = Pick<Context, 'db' | 'req' | 'attempts' | 'sessions' | 'settings' | 'now'> & {
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
  await session.sessions.setAdminUnlockedUntil(session.sessionToken, unlockedUntil);
  await writeAdminLog(session, {
    action: 'admin_unlock',
    targetId: session.user.id,
    details: { unlockedUntil: unlockedUntil.toISOString() },
  });
  return unlockedUntil;
}

/** Locks the panel again (Admin Logout): the session stays signed in, and the lock is logged. */
export async function lockAdminPanel(session: AdminSession): Promise<void> {
  await session.sessions.setAdminUnlockedUntil(session.sessionToken, null);
  await writeAdminLog(session, { action: 'admin_lock', targetId: session.user.id, details: {} });
}
