import { DEMO_GCASH_PAYEE } from '@app/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkLedger, findOrCreateUser, InsufficientFundsError, insertUser, jsonb, postToLedger, seedDemoData } from '../src';
import { createTestDb } from '../src/testing';
import { databaseOfFile } from './database-of-file';

const handle = databaseOfFile();

describe('schema', () => {
  it('holds the six VIP plans from the migration', async () => {
    const plans = await handle.db
      .selectFrom('vipPlans')
      .select(['id', 'price', 'rewardPerTask', 'validityDays', 'dailyTaskLimit'])
      .orderBy('sortOrder')
      .execute();
    expect(plans).toEqual([
      { id: 'VIP300', price: 30_000, rewardPerTask: 266, validityDays: 15, dailyTaskLimit: 10 },
      { id: 'VIP400', price: 40_000, rewardPerTask: 366, validityDays: 15, dailyTaskLimit: 10 },
      { id: 'VIP500', price: 50_000, rewardPerTask: 433, validityDays: 15, dailyTaskLimit: 10 },
      { id: 'VIPPREMIUM1000', price: 100_000, rewardPerTask: 1_300, validityDays: 15, dailyTaskLimit: 10 },
      { id: 'VIPGOLD2000', price: 200_000, rewardPerTask: 1_600, validityDays: 15, dailyTaskLimit: 10 },
      { id: 'VIPSUPERPLAN3000', price: 300_000, rewardPerTask: 2_366, validityDays: 15, dailyTaskLimit: 10 },
    ]);
  });

  it('refuses a negative balance at the database', async () => {
    const user = await insertUser(handle.db, { email: 'negative@example.com' });
    await expect(sql`UPDATE users SET available_balance = -1 WHERE id = ${user.id}`.execute(handle.db)).rejects.toThrow(/check/i);
  });

  it('treats e-mail addresses case-insensitively', async () => {
    await insertUser(handle.db, { email: 'Case@Example.com' });
    await expect(insertUser(handle.db, { email: 'case@example.COM' })).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('new users', () => {
  /** Hands out the given codes in turn: the first one a code already taken. */
  const codes =
    (...list: string[]) =>
    () =>
      list.shift() ?? 'NEVERUSED';

  it('retries a referral code that is already taken, even inside a transaction (a sign-up)', async () => {
    await insertUser(handle.db, { email: 'first-owner@example.com' }, codes('TAKEN234'));
    const made = await handle.db
      .transaction()
      .execute((trx) => findOrCreateUser(trx, { email: 'second@example.com' }, codes('TAKEN234', 'FRESH567')));
    expect(made).toMatchObject({ created: true, user: { email: 'second@example.com', referralCode: 'FRESH567' } });
    const inserted = await handle.db
      .transaction()
      .execute((trx) => insertUser(trx, { email: 'third@example.com' }, codes('TAKEN234', 'FRESH789')));
    expect(inserted.referralCode).toBe('FRESH789');
  });

  it('finds the user that a concurrent sign-up created instead of failing', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => handle.db.transaction().execute((trx) => findOrCreateUser(trx, { email: 'Racer@example.com' }))),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.user.id)).size).toBe(1);
    const rows = await handle.db.selectFrom('users').select('id').where('email', '=', 'racer@example.com').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('ledger', () => {
  it('moves cached balances with each row and balances under the check', async () => {
    const user = await insertUser(handle.db, { email: 'ledger@example.com' });
    await handle.db.transaction().execute(async (trx) => {
      await postToLedger(trx, { userId: user.id, type: 'earning', amount: 20_000, description: 'Task completed' });
      await postToLedger(trx, { userId: user.id, type: 'payout', amount: 15_000, description: 'Payout request' });
      await postToLedger(trx, { userId: user.id, type: 'payout_approved', amount: 15_000, description: 'Payout approved' });
    });
    const balances = await handle.db
      .selectFrom('users')
      .select(['availableBalance', 'pendingPayout', 'totalEarnings', 'totalPaidOut'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(balances).toEqual({ availableBalance: 5_000, pendingPayout: 0, totalEarnings: 20_000, totalPaidOut: 15_000 });
    expect(await checkLedger(handle.db)).toEqual([]);
  });

  it('refuses to overdraw and writes nothing', async () => {
    const user = await insertUser(handle.db, { email: 'overdraw@example.com' });
    await expect(
      handle.db
        .transaction()
        .execute((trx) => postToLedger(trx, { userId: user.id, type: 'payout', amount: 1, description: 'Payout request' })),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    const rows = await handle.db.selectFrom('transactions').select('id').where('userId', '=', user.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('reports a cached balance that no longer matches its ledger', async () => {
    const user = await insertUser(handle.db, { email: 'drift@example.com' });
    await sql`UPDATE users SET available_balance = 700 WHERE id = ${user.id}`.execute(handle.db);
    expect(await checkLedger(handle.db)).toContainEqual({ userId: user.id, column: 'availableBalance', cached: 700, ledger: 0 });
    await sql`UPDATE users SET available_balance = 0 WHERE id = ${user.id}`.execute(handle.db);
  });

  it('serialises concurrent postings for one user so none is lost', async () => {
    const user = await insertUser(handle.db, { email: 'concurrent@example.com' });
    await Promise.all(
      Array.from({ length: 25 }, () =>
        handle.db
          .transaction()
          .execute((trx) => postToLedger(trx, { userId: user.id, type: 'earning', amount: 100, description: 'Task completed' })),
      ),
    );
    const row = await handle.db.selectFrom('users').select('availableBalance').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.availableBalance).toBe(2_500);
    expect(await checkLedger(handle.db)).toEqual([]);
  });
});

describe('pending referral bonuses', () => {
  const balances = (userId: string) =>
    handle.db
      .selectFrom('users')
      .select(['availableBalance', 'pendingPayout', 'totalEarnings', 'referralEarnings', 'totalPaidOut', 'pendingBonuses'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  const post = (userId: string, type: 'referral_bonus_pending' | 'referral_bonus_released' | 'referral_bonus_withheld', amount: number) =>
    handle.db.transaction().execute((trx) => postToLedger(trx, { userId, type, amount, description: type }));
  const zero = { availableBalance: 0, pendingPayout: 0, totalEarnings: 0, referralEarnings: 0, totalPaidOut: 0, pendingBonuses: 0 };

  it('are pending until released (then available, earned and referral earnings) or withheld (then gone from the member)', async () => {
    const user = await insertUser(handle.db, { email: 'pending-bonus@example.com' });
    await post(user.id, 'referral_bonus_pending', 5_000);
    expect(await balances(user.id)).toEqual({ ...zero, pendingBonuses: 5_000 });
    await post(user.id, 'referral_bonus_pending', 5_000);
    await post(user.id, 'referral_bonus_released', 5_000);
    expect(await balances(user.id)).toEqual({
      ...zero,
      availableBalance: 5_000,
      totalEarnings: 5_000,
      referralEarnings: 5_000,
      pendingBonuses: 5_000,
    });
    await post(user.id, 'referral_bonus_withheld', 5_000);
    expect(await balances(user.id)).toEqual({ ...zero, availableBalance: 5_000, totalEarnings: 5_000, referralEarnings: 5_000 });
    const rows = await handle.db
      .selectFrom('transactions')
      .select(['type', 'availableDelta', 'bonusPendingDelta'])
      .where('userId', '=', user.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((row) => [row.type, row.availableDelta, row.bonusPendingDelta])).toEqual([
      ['referral_bonus_pending', 0, 5_000],
      ['referral_bonus_pending', 0, 5_000],
      ['referral_bonus_released', 5_000, -5_000],
      ['referral_bonus_withheld', 0, -5_000],
    ]);
    expect(await checkLedger(handle.db)).toEqual([]);
  });

  it('refuses to release or withhold more than is pending, and writes nothing', async () => {
    const user = await insertUser(handle.db, { email: 'pending-short@example.com' });
    await post(user.id, 'referral_bonus_pending', 5_000);
    for (const type of ['referral_bonus_released', 'referral_bonus_withheld'] as const) {
      await expect(post(user.id, type, 5_001)).rejects.toBeInstanceOf(InsufficientFundsError);
    }
    expect(await balances(user.id)).toEqual({ ...zero, pendingBonuses: 5_000 });
    const rows = await handle.db.selectFrom('transactions').select('type').where('userId', '=', user.id).execute();
    expect(rows).toEqual([{ type: 'referral_bonus_pending' }]);
  });

  it('reports cached pending bonuses that no longer match the ledger', async () => {
    const user = await insertUser(handle.db, { email: 'pending-drift@example.com' });
    await post(user.id, 'referral_bonus_pending', 5_000);
    await sql`UPDATE users SET pending_bonuses = 7000 WHERE id = ${user.id}`.execute(handle.db);
    expect(await checkLedger(handle.db)).toContainEqual({ userId: user.id, column: 'pendingBonuses', cached: 7_000, ledger: 5_000 });
    await sql`UPDATE users SET pending_bonuses = 5000 WHERE id = ${user.id}`.execute(handle.db);
  });
});

describe('demo data', () => {
  it('loads tasks, a member with history and an admin, and the books balance', async () => {
    const fresh = await createTestDb();
    try {
      await seedDemoData(fresh.db);
      const tasks = await fresh.db.selectFrom('tasks').select(['title', 'requiredVipTier']).where('isActive', '=', true).execute();
      expect(tasks.filter((task) => task.requiredVipTier === null).length).toBeGreaterThanOrEqual(8);
      expect(tasks.filter((task) => task.requiredVipTier !== null)).toHaveLength(2);
      expect(tasks.map((task) => task.title)).toContain('View Product Page');
      const admin = await fresh.db.selectFrom('users').select('isAdmin').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow();
      expect(admin.isAdmin).toBe(true);
      // VIP by G-CASH can be tried at once, to a payee whose name says it is a demo.
      const payee = await fresh.db.selectFrom('systemSettings').select(['gcashNumber', 'gcashName']).executeTakeFirstOrThrow();
      expect(payee).toEqual(DEMO_GCASH_PAYEE);
      expect(payee.gcashName).toContain('DEMO');
      const member = await fresh.db
        .selectFrom('users')
        .select(['id', 'totalEarnings', 'createdAt'])
        .where('email', '=', 'member@example.com')
        .executeTakeFirstOrThrow();
      expect(member.totalEarnings).toBeGreaterThan(0);
      // Her profile's 'Member since' is before her first earning in her history.
      const first = await fresh.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.min('createdAt').as('at'))
        .where('userId', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(member.createdAt.getTime()).toBeLessThan(new Date(first.at as Date).getTime());
      expect(await checkLedger(fresh.db)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe('jsonb values', () => {
  it('stores arrays and objects as JSON values, not as JSON strings', async () => {
    const plan = await sql<{ kind: string }>`SELECT jsonb_typeof(benefits) AS kind FROM vip_plans WHERE id = 'VIP300'`.execute(handle.db);
    expect(plan.rows[0]?.kind).toBe('array');
    await handle.db
      .insertInto('adminLogs')
      .values({ action: 'test', details: jsonb({ reason: 'check', amount: 5 }) })
      .execute();
    const row = await handle.db.selectFrom('adminLogs').select('details').where('action', '=', 'test').executeTakeFirstOrThrow();
    expect(row.details).toEqual({ reason: 'check', amount: 5 });
  });
});
