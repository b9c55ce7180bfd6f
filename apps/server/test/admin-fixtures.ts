import { type Db, postToLedger } from '@app/db';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
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

  let references = 0;
  /** A fresh 13-digit payment reference, as a member copies one from their G-CASH receipt. */
  const paymentReference = () => String(1_000_000_000_000 + ++references);

  /** A member who asked for `plan` by G-CASH (after using `sponsorCode`, if given), and the pending request's id. */
  async function vipApplicant(plan = 'VIP300', sponsorCode?: string) {
    const applicant = await member({ firstName: 'Vina' });
    if (sponsorCode) await as(applicant.cookie, 'POST', '/api/referrals/use-code', { referralCode: sponsorCode });
    const proof = paymentReference();
    const asked = await as(applicant.cookie, 'POST', '/api/vip/upgrade', { vipTier: plan, paymentInfo: { transactionProof: proof } });
    expect(asked.statusCode).toBe(200);
    const request = await db.selectFrom('vipRequests').select('id').where('transactionProof', '=', proof).executeTakeFirstOrThrow();
    return { ...applicant, requestId: request.id, proof };
  }

  let wallets = 0;
  /**
   * Paz Reyes, a member with ₱500.00 who asked for a payout of ₱200.00 to a G-CASH number of their own: the
   * payout's id, its details as stored (the number as written in the Philippines, and the holder) and the number.
   */
  async function payoutRequester() {
    const requester = await member({ balance: 50_000, firstName: 'Paz', lastName: 'Reyes' });
    const wallet = 1_000_000 + ++wallets;
    const asked = await as(requester.cookie, 'POST', '/api/payouts', {
      paymentMethod: 'G-CASH',
      amount: '200',
      destination: { mobile: `0917${wallet}`, accountName: 'Paz Reyes' },
    });
    expect(asked.statusCode).toBe(200);
    const paymentDetails = `0917 ${String(wallet).slice(0, 3)} ${String(wallet).slice(3)} · Paz Reyes`;
    return { ...requester, payoutId: asked.json().id as string, paymentDetails, mobile: `+63917${wallet}` };
  }

  return { db, adminId: adminRow.id, adminCookie, member, admin, as, logs, paymentReference, vipApplicant, payoutRequester };
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
