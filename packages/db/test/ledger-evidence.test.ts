import { COMMISSION_PER_PAYOUT_CENTAVOS } from '@app/contracts';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAdminLog, checkBooks, type DbHandle, insertUser, postToLedger } from '../src';
import { findChainBreaks } from '../src/chain-breaks';
import { down, up } from '../src/migrations/0024_ledger_evidence';
import { down as downFrom0028, up as upTo0028 } from '../src/migrations/0028_transfer_references';
import { createTestDb } from '../src/testing';

/*
 * Migration 0024 on a database at 0023: ledgers chained with the old hash (which left out a row's status,
 * so a decision set its request row's status) are chained anew with the new one, keeping every row's
 * place; a ledger whose chain is already broken is refused rather than chained anew over the change.
 */

let handle: DbHandle;
// Migrations are written against an untyped database: they outlive the table types of any one version.
let untyped: Kysely<unknown>;

beforeAll(async () => {
  handle = await createTestDb();
  untyped = handle.db as unknown as Kysely<unknown>;
  await writeHistory();
});
afterAll(async () => {
  await handle.close();
});

const payoutIds: Record<'approved' | 'declined' | 'pending', string> = { approved: '', declined: '', pending: '' };

/** A member with an opening balance and three payouts: one approved, one declined and one pending. */
async function writeHistory() {
  const admin = await insertUser(handle.db, { email: 'evidence-admin@example.com', isAdmin: true });
  const member = await insertUser(handle.db, { email: 'evidence-member@example.com' });
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 4, minutes));
  await handle.db.transaction().execute(async (trx) => {
    const log = (action: string, targetId: string, details: Record<string, unknown>) =>
      appendAdminLog(trx, { adminId: admin.id, action, targetId, details, ipAddress: '203.0.113.7' });
    await postToLedger(trx, {
      userId: member.id,
      type: 'admin_adjustment',
      amount: 100_000,
      description: 'Opening',
      adminId: admin.id,
      createdAt: at(0),
    });
    await log('update_balance', member.id, { previousBalance: '0.00', newBalance: '1000.00', adjustment: '1000.00', reason: 'Opening' });
    for (const [index, outcome] of (['approved', 'declined', 'pending'] as const).entries()) {
      const payout = await trx
        .insertInto('payouts')
        .values({ userId: member.id, paymentMethod: 'G-CASH', amount: 20_000, paymentDetails: '09171234567', createdAt: at(index + 1) })
        .returning('id')
        .executeTakeFirstOrThrow();
      payoutIds[outcome] = payout.id;
      await postToLedger(trx, {
        userId: member.id,
        type: 'payout',
        amount: 20_000,
        description: 'Payout request',
        status: 'pending',
        payoutId: payout.id,
        createdAt: at(index + 1),
      });
    }
    for (const outcome of ['approved', 'declined'] as const) {
      await trx
        .updateTable('payouts')
        .set({ status: outcome, decidedBy: admin.id, decidedAt: at(10), note: outcome === 'declined' ? 'Wrong number' : null })
        .where('id', '=', payoutIds[outcome])
        .execute();
      await postToLedger(trx, {
        userId: member.id,
        type: outcome === 'approved' ? 'payout_approved' : 'payout_declined',
        amount: 20_000,
        description: outcome,
        payoutId: payoutIds[outcome],
        adminId: admin.id,
        createdAt: at(10),
      });
      await log(outcome === 'approved' ? 'approve_payout' : 'decline_payout', payoutIds[outcome], {
        userId: member.id,
        amount: '200.00',
        paymentMethod: 'G-CASH',
      });
    }
    await trx
      .insertInto('commissionEntries')
      .values({ kind: 'payout', sourceId: payoutIds.approved, amount: COMMISSION_PER_PAYOUT_CENTAVOS, description: 'Payout' })
      .execute();
  });
}

/** Back to 0023 (through 0028's down, which keeps 0024's payout_digest), and the request rows of decided payouts given their outcome, as decisions did before 0024. */
async function atMigration0023() {
  await downFrom0028(untyped);
  await down(untyped);
  await sql`
    UPDATE transactions t SET status = p.status FROM payouts p WHERE p.id = t.payout_id AND t.type = 'payout' AND p.status <> 'pending'
  `.execute(handle.db);
}

const places = async () =>
  Object.fromEntries(
    (await sql<{ id: string; seq: number }>`SELECT id, seq FROM transactions ORDER BY id`.execute(handle.db)).rows.map((row) => [
      row.id,
      Number(row.seq),
    ]),
  );

describe('migration 0024_ledger_evidence', () => {
  it('chains every ledger anew with the new hash, each row in its place, each payout recorded by its latest row', async () => {
    await atMigration0023();
    const before = await places();

    await up(untyped);
    await upTo0028(untyped);

    expect(await findChainBreaks(handle.db)).toEqual([]);
    expect((await checkBooks(handle.db)).problems).toEqual([]);
    expect(await places()).toEqual(before);
    const digests = await sql<{ payoutId: string; type: string; recorded: boolean }>`
      SELECT t.payout_id, t.type, t.payout_digest IS NOT DISTINCT FROM payout_digest(
        p.id, p.user_id, p.payment_method, p.amount, p.payment_details, p.details, p.destination, p.status, p.decided_by,
        p.decided_at, p.note, p.created_at
      ) AS recorded
      FROM transactions t JOIN payouts p ON p.id = t.payout_id ORDER BY t.seq
    `.execute(handle.db);
    expect(digests.rows).toEqual([
      { payoutId: payoutIds.approved, type: 'payout', recorded: false },
      { payoutId: payoutIds.declined, type: 'payout', recorded: false },
      { payoutId: payoutIds.pending, type: 'payout', recorded: true },
      { payoutId: payoutIds.approved, type: 'payout_approved', recorded: true },
      { payoutId: payoutIds.declined, type: 'payout_declined', recorded: true },
    ]);
  });

  it('refuses a database whose ledger chain is broken, naming the row and changing nothing', async () => {
    await atMigration0023();
    const changed = await sql<{ id: string; seq: number; userId: string }>`
      UPDATE transactions SET description = 'Payout request (edited)'
      WHERE payout_id = ${payoutIds.pending} RETURNING id, seq, user_id
    `.execute(handle.db);
    const row = changed.rows[0]!;

    const refused = await up(untyped).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refused).toContain(
      `Ledger of user ${row.userId}: row #${Number(row.seq)} (${row.id}) was changed: its hash does not match its content and the row before it`,
    );
    expect(refused).toContain('Run `pnpm ledger:check`');
    const columns = await sql<{ name: string }>`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_name = 'transactions' AND column_name IN ('bonus_pending_delta', 'payout_digest')
    `.execute(handle.db);
    expect(columns.rows).toEqual([]);

    // Once the row is as it was written, the migration goes ahead.
    await sql`UPDATE transactions SET description = 'Payout request' WHERE id = ${row.id}`.execute(handle.db);
    await up(untyped);
    expect(await findChainBreaks(handle.db)).toEqual([]);
  });
});
