import { createSessionManager, type SessionManager } from '@app/auth';
import { createAppCaches, insertUser } from '@app/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { lockAdminPanel, unlockAdminPanel } from '../src/access/service';
import type { AttemptCounter } from '../src/lib/wrong-passwords';
import { serviceDatabase } from './services';

const PANEL_PASSWORD = 'panel-password-for-tests';
/** Never locks anyone out: these tests are about what an accepted password writes. */
const noLockout: AttemptCounter = { count: async () => ({ hits: 1, windowLeftMs: 60_000 }), forgive: async () => {} };

/**
 * The panel's unlock and lock are written with their admin-log row in one transaction
 * (docs/architecture.md#identity-and-access). A log row whose admin is not a user cannot be written (its
 * foreign key), which stands in for any failure of the log write.
 */
describe('unlocking and locking the admin panel', () => {
  const database = serviceDatabase('access-admin@example.com');
  let sessions: SessionManager;

  beforeAll(async () => {
    sessions = createSessionManager(database.handle.db, { secureCookies: false, caches: createAppCaches(await database.handle.changes()) });
  });

  async function signedInAdmin(email: string) {
    const admin = await insertUser(database.handle.db, { email, isAdmin: true });
    const { token } = await sessions.createSession(admin.id);
    return {
      db: database.handle.db,
      req: { ip: '203.0.113.20' },
      attempts: noLockout,
      sessions,
      now: () => new Date(),
      settings: { adminPanelPassword: PANEL_PASSWORD, adminUnlockHours: 2 },
      user: { id: admin.id },
      sessionToken: token,
    };
  }

  async function panelState(adminId: string) {
    const session = await database.handle.db
      .selectFrom('sessions')
      .select('adminUnlockedUntil')
      .where('userId', '=', adminId)
      .executeTakeFirstOrThrow();
    const logged = await database.handle.db
      .selectFrom('adminLogs')
      .select('action')
      .where('targetId', '=', adminId)
      .orderBy('seq')
      .execute();
    return { unlockedUntil: session.adminUnlockedUntil, logged: logged.map((row) => row.action) };
  }

  it('unlocks the panel and logs the unlock, then locks it and logs the lock', async () => {
    const session = await signedInAdmin('unlocks@example.com');
    const unlockedUntil = await unlockAdminPanel(session, PANEL_PASSWORD);
    expect(await panelState(session.user.id)).toEqual({ unlockedUntil, logged: ['admin_unlock'] });

    await lockAdminPanel(session);
    expect(await panelState(session.user.id)).toEqual({ unlockedUntil: null, logged: ['admin_unlock', 'admin_lock'] });
  });

  it('leaves the panel locked when its unlock cannot be logged', async () => {
    const session = await signedInAdmin('unlock-unlogged@example.com');
    const adminId = session.user.id;
    await expect(unlockAdminPanel({ ...session, user: { id: 'not-a-user' } }, PANEL_PASSWORD)).rejects.toThrow();
    expect(await panelState(adminId)).toEqual({ unlockedUntil: null, logged: [] });
  });

  it('leaves the panel unlocked when its lock cannot be logged', async () => {
    const session = await signedInAdmin('lock-unlogged@example.com');
    const unlockedUntil = await unlockAdminPanel(session, PANEL_PASSWORD);
    await expect(lockAdminPanel({ ...session, user: { id: 'not-a-user' } })).rejects.toThrow();
    expect(await panelState(session.user.id)).toEqual({ unlockedUntil, logged: ['admin_unlock'] });
  });
});
