import { type Db, postToLedger } from '@app/db';
import type { InjectOptions } from 'fastify';
import { ledgerCheckedAppOfFile, signIn, signInUnlockedAdmin, type TestApp } from './helpers';

/** The address the admin's requests come from, so each admin_logs row can be checked for it. */
export const ADMIN_IP = '203.0.113.7';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** People and calls for the admin tests: an unlocked admin, members with money, and the log rows. */
export async function adminFixtures(t: TestApp, prefix: string) {
  const db = t.database.db;
  const adminEmail = `${prefix}-admin@example.com`;
  const adminCookie = await signInUnlockedAdmin(t, adminEmail);
  const adminRow = await db.selectFrom('users').select('id').where('email', '=', adminEmail).executeTakeFirstOrThrow();

  let people = 0;
  /** A signed-in member with an opening balance in centavos (a ledger row, so the books still balance). */
  async function member(options: { balance?: number; firstName?: string; lastName?: string } = {}) {
    const email = `${prefix}-member${++people}@example.com`;
    const names = {
      ...(options.firstName ? { firstName: options.firstName } : {}),
      ...(options.lastName ? { lastName: options.lastName } : {}),
    };
    const cookie = await signIn(t.app, email, names);
    const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    if (options.balance) {
      const amount = options.balance;
      const createdAt = new Date(t.clock.now.getTime() - 1000);
      await db
        .transaction()
        .execute((trx) =>
          postToLedger(trx, { userId: user.id, type: 'admin_adjustment', amount, description: 'Opening balance', createdAt }),
        );
    }
    return { cookie, user, id: user.id };
  }

  /** A call as the unlocked admin, from ADMIN_IP. */
  const admin = (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: adminCookie },
      remoteAddress: ADMIN_IP,
      ...(payload === undefined ? {} : { payload }),
    } as InjectOptions);

  /** A call as someone else (a member's cookie, or nobody). */
  const as = (cookie: string | undefined, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload }) } as InjectOptions);

  /** The admin_logs rows of an action on a target, oldest first. */
  const logs = (action: string, targetId?: string) => {
    let query = db.selectFrom('adminLogs').selectAll().where('action', '=', action);
    if (targetId !== undefined) query = query.where('targetId', '=', targetId);
    return query.orderBy('createdAt').orderBy('id').execute();
  };

  return { db, adminId: adminRow.id, adminCookie, member, admin, as, logs };
}

export type AdminFixtures = Awaited<ReturnType<typeof adminFixtures>>;

/** ledgerCheckedAppOfFile with the admin fixtures of `prefix`, handed over with the app once made. */
export function adminAppOfFile(
  prefix: string,
  options: Parameters<typeof ledgerCheckedAppOfFile>[0],
  started: (file: { t: TestApp; db: Db; f: AdminFixtures }) => void,
): void {
  ledgerCheckedAppOfFile(options, async ({ t, db }) => started({ t, db, f: await adminFixtures(t, prefix) }));
}
