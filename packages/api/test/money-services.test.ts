import { insertUser, postToLedger } from '@app/db';
import { describe, expect, it } from 'vitest';
import { decidePayout } from '../src/payouts/review';
import { requestPayout } from '../src/payouts/service';
import { setAvailableBalance } from '../src/users/service';
import { refusal, serviceDatabase, userColumns } from './services';

/*
 * The money services called directly, without HTTP or tRPC: what each one writes, in one transaction, and
 * what it refuses (docs/testing.md#test-layers). The HTTP suites prove the same rules reach the member.
 */

const opened = new Date('2026-11-19T04:00:00.000Z');
const now = new Date('2026-11-20T04:00:00.000Z');
const request = {
  paymentMethod: 'G-CASH' as const,
  destination: { method: 'G-CASH' as const, mobile: '+639171234567', accountName: 'Juan Dela Cruz' },
};
/** BALANCE_CEILING, as a deployment might lower it: ₱300.00. */
const CEILING = 30_000;

const database = serviceDatabase('services-admin@example.com');

/** A member with `centavos` available, credited as an admin adjustment through the ledger. */
async function memberWith(email: string, centavos: number) {
  const member = await insertUser(database.handle.db, { email });
  await database.handle.db.transaction().execute((trx) =>
    postToLedger(trx, {
      userId: member.id,
      type: 'admin_adjustment',
      amount: centavos,
      description: 'Opening',
      adminId: database.admin.adminId,
      createdAt: opened,
    }),
  );
  return member;
}

const balancesOf = (userId: string) => userColumns(database.handle.db, userId, ['availableBalance', 'pendingPayout', 'totalPaidOut']);

function ledgerOf(userId: string) {
  return database.handle.db
    .selectFrom('transactions')
    .select(['type', 'amount'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

describe('requestPayout', () => {
  it('moves the amount from available to pending with the payout and its one ledger row', async () => {
    const member = await memberWith('services-payout@example.com', 50_000);
    const payout = await requestPayout(database.handle.db, member.id, { ...request, amount: 30_000 }, { now, deviceId: null });

    expect(payout).toMatchObject({ amount: '300.00', status: 'pending', paymentMethod: 'G-CASH' });
    expect(await balancesOf(member.id)).toEqual({ availableBalance: 20_000, pendingPayout: 30_000, totalPaidOut: 0 });
    expect(await ledgerOf(member.id)).toEqual([
      { type: 'admin_adjustment', amount: 50_000 },
      { type: 'payout', amount: 30_000 },
    ]);
  });

  it('refuses more than the balance with its own code, and writes nothing', async () => {
    const member = await memberWith('services-overdraw@example.com', 10_000);
    const error = await refusal(requestPayout(database.handle.db, member.id, { ...request, amount: 10_001 }, { now, deviceId: null }));

    expect(error.code).toBe('INSUFFICIENT_BALANCE');
    expect(error.message).toContain('₱100.00');
    expect(await balancesOf(member.id)).toEqual({ availableBalance: 10_000, pendingPayout: 0, totalPaidOut: 0 });
    expect(await database.handle.db.selectFrom('payouts').select('id').where('userId', '=', member.id).execute()).toEqual([]);
  });
});

describe('decidePayout, inside the caller transaction', () => {
  it('pays out with the ledger row and the operator commission, or leaves nothing when the caller rolls back', async () => {
    const member = await memberWith('services-decide@example.com', 40_000);
    const payout = await requestPayout(database.handle.db, member.id, { ...request, amount: 40_000 }, { now, deviceId: null });

    const rolledBack = database.handle.db.transaction().execute(async (trx) => {
      await decidePayout(trx, payout.id, { status: 'approved' }, database.admin.adminId, now);
      throw new Error('the caller failed after deciding');
    });
    await expect(rolledBack).rejects.toThrow('the caller failed after deciding');
    expect(await balancesOf(member.id)).toEqual({ availableBalance: 0, pendingPayout: 40_000, totalPaidOut: 0 });
    expect(await database.handle.db.selectFrom('commissionEntries').select('id').where('sourceId', '=', payout.id).execute()).toEqual([]);

    await database.handle.db
      .transaction()
      .execute((trx) => decidePayout(trx, payout.id, { status: 'approved' }, database.admin.adminId, now));
    expect(await balancesOf(member.id)).toEqual({ availableBalance: 0, pendingPayout: 0, totalPaidOut: 40_000 });
    expect(await database.handle.db.selectFrom('commissionEntries').select(['kind']).where('sourceId', '=', payout.id).execute()).toEqual([
      { kind: 'payout' },
    ]);

    const second = await refusal(
      database.handle.db
        .transaction()
        .execute((trx) => decidePayout(trx, payout.id, { status: 'declined', reason: 'late' }, database.admin.adminId, now)),
    );
    expect(second.code).toBe('CONFLICT');
    expect(await balancesOf(member.id)).toEqual({ availableBalance: 0, pendingPayout: 0, totalPaidOut: 40_000 });
  });
});

describe('setAvailableBalance', () => {
  type Edit = Parameters<typeof setAvailableBalance>[1];
  /** The balance editor's save, by the file's admin at `now`, under the file's ceiling unless another is given. */
  const setBalance = (edit: Edit, ceiling = CEILING) => setAvailableBalance(database.handle.db, edit, database.admin, now, ceiling);

  it('refuses a stale view with the balance as it is now, and changes nothing', async () => {
    const member = await memberWith('services-stale@example.com', 25_000);
    const error = await refusal(setBalance({ userId: member.id, newBalance: 0, expectedBalance: 20_000, reason: 'Correction' }));

    expect(error.code).toBe('CONFLICT');
    expect(error.details).toEqual({ currentBalance: '250.00' });
    expect((await balancesOf(member.id)).availableBalance).toBe(25_000);
    expect(await ledgerOf(member.id)).toHaveLength(1);
  });

  it('writes the difference as one adjustment with the reason, and logs it', async () => {
    const member = await memberWith('services-adjust@example.com', 25_000);
    const edited = await setBalance({ userId: member.id, newBalance: 10_000, expectedBalance: 25_000, reason: 'Duplicate credit' });

    expect(edited.availableBalance).toBe('100.00');
    expect(await ledgerOf(member.id)).toEqual([
      { type: 'admin_adjustment', amount: 25_000 },
      { type: 'admin_adjustment', amount: -15_000 },
    ]);
    const log = await database.handle.db.selectFrom('adminLogs').select(['action', 'details']).where('targetId', '=', member.id).execute();
    expect(log).toEqual([
      { action: 'update_balance', details: expect.objectContaining({ adjustment: '-150.00', reason: 'Duplicate credit' }) },
    ]);
  });

  it('refuses to raise a balance above the ceiling, naming it, and lets one above it be lowered', async () => {
    const member = await memberWith('services-ceiling@example.com', 20_000);
    const over = await refusal(setBalance({ userId: member.id, newBalance: CEILING + 1, expectedBalance: 20_000, reason: 'Bonus' }));
    expect(over.code).toBe('BAD_REQUEST');
    expect(over.message).toBe('A balance cannot be raised above the ceiling of ₱300.00');
    expect(over.details).toEqual({ balanceCeiling: '300.00' });
    expect(await ledgerOf(member.id)).toHaveLength(1);

    const atCeiling = { userId: member.id, newBalance: CEILING, expectedBalance: 20_000, reason: 'Bonus' };
    expect((await setBalance(atCeiling)).availableBalance).toBe('300.00');
    // With the ceiling configured lower later, a balance above it may still come down, to a figure still above it too.
    const lowered = { userId: member.id, newBalance: 25_000, expectedBalance: CEILING, reason: 'Correction' };
    expect((await setBalance(lowered, 20_000)).availableBalance).toBe('250.00');
  });

  it('refuses an admin editing their own balance', async () => {
    const error = await refusal(setBalance({ userId: database.admin.adminId, newBalance: 1, expectedBalance: 0, reason: 'Mine' }));
    expect(error.code).toBe('FORBIDDEN');
  });
});
