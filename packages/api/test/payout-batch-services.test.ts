import { insertUser, postToLedger } from '@app/db';
import { describe, expect, it } from 'vitest';
import { decidePayoutBatch } from '../src/payouts/batch';
import { exportUnsentPayouts, listAllUnsentPayouts, markPayoutsSent } from '../src/payouts/sent';
import { requestPayout } from '../src/payouts/service';
import { setPayoutHold } from '../src/risk/review';
import { serviceDatabase } from './services';

/*
 * Batch decisions, the export of approved payouts and marking them sent (docs/product-rules.md#batch-decisions,
 * docs/product-rules.md#payouts-sent), called directly: each payout of a batch decided or refused on its own.
 */

const opened = new Date('2026-11-19T04:00:00.000Z');
const now = new Date('2026-11-20T04:00:00.000Z');
const later = new Date('2026-11-20T05:00:00.000Z');

const database = serviceDatabase('batch-admin@example.com');

/** A member with ₱1,000.00 available who asked for a payout of `centavos` to `mobile`. */
async function pendingPayout(email: string, centavos: number, mobile: string, accountName = 'Juan Dela Cruz') {
  const member = await insertUser(database.handle.db, { email });
  await database.handle.db.transaction().execute((trx) =>
    postToLedger(trx, {
      userId: member.id,
      type: 'admin_adjustment',
      amount: 100_000,
      description: 'Opening',
      adminId: database.admin.adminId,
      createdAt: opened,
    }),
  );
  const payout = await requestPayout(
    database.handle.db,
    member.id,
    { paymentMethod: 'G-CASH', amount: centavos, destination: { method: 'G-CASH', mobile, accountName } },
    { now: opened, deviceId: null },
  );
  return { member, payout };
}

function statusesOf(ids: string[]) {
  return database.handle.db
    .selectFrom('payouts')
    .select(['id', 'status', 'note'])
    .where('id', 'in', ids)
    .execute()
    .then((rows) => Object.fromEntries(rows.map((row) => [row.id, row.status])));
}

function logsOf(action: string, ids: string[]) {
  return database.handle.db.selectFrom('adminLogs').select('targetId').where('action', '=', action).where('targetId', 'in', ids).execute();
}

describe('decidePayoutBatch', () => {
  it('approves each payout as seen and refuses, by name, the held, the decided, the stale and the unknown', async () => {
    const plain = await pendingPayout('batch-plain@example.com', 20_000, '+639171110001');
    const held = await pendingPayout('batch-held@example.com', 15_000, '+639171110002');
    const decided = await pendingPayout('batch-decided@example.com', 16_000, '+639171110003');
    const changed = await pendingPayout('batch-changed@example.com', 17_000, '+639171110004');
    await setPayoutHold(database.handle.db, { userId: held.member.id, hold: true, reason: 'Checking' }, database.admin, opened);
    await decidePayoutBatch(
      database.handle.db,
      { status: 'declined', reason: 'Wrong number', payouts: [{ id: decided.payout.id, amount: 16_000, flagged: false }] },
      database.admin,
      opened,
    );

    const result = await decidePayoutBatch(
      database.handle.db,
      {
        status: 'approved',
        payouts: [
          { id: plain.payout.id, amount: 20_000, flagged: false },
          { id: held.payout.id, amount: 15_000, flagged: true },
          { id: decided.payout.id, amount: 16_000, flagged: false },
          { id: changed.payout.id, amount: 17_100, flagged: false },
          { id: 'no-such-payout', amount: 15_000, flagged: false },
        ],
      },
      database.admin,
      now,
    );

    expect(result.decided).toEqual([{ id: plain.payout.id, amount: '200.00', paymentMethod: 'G-CASH' }]);
    expect(result.refused.map(({ id, code }) => ({ id, code }))).toEqual([
      { id: held.payout.id, code: 'held' },
      { id: decided.payout.id, code: 'already_decided' },
      { id: changed.payout.id, code: 'stale' },
      { id: 'no-such-payout', code: 'not_found' },
    ]);
    expect(result.refused[2]?.message).toContain('₱170.00');
    expect(await statusesOf([plain.payout.id, held.payout.id, decided.payout.id, changed.payout.id])).toEqual({
      [plain.payout.id]: 'approved',
      [held.payout.id]: 'pending',
      [decided.payout.id]: 'declined',
      [changed.payout.id]: 'pending',
    });
    // Each decision has its own ledger row and admin log row, as a single decision would.
    const approvedRows = await database.handle.db
      .selectFrom('transactions')
      .select('userId')
      .where('type', '=', 'payout_approved')
      .where('payoutId', '=', plain.payout.id)
      .execute();
    expect(approvedRows).toHaveLength(1);
    expect(await logsOf('approve_payout', [plain.payout.id, held.payout.id, changed.payout.id])).toEqual([{ targetId: plain.payout.id }]);
  });

  it('leaves out of an approval a payout flagged since the view unless it was ticked as flagged', async () => {
    const first = await pendingPayout('batch-shared-a@example.com', 15_000, '+639171110010');
    const second = await pendingPayout('batch-shared-b@example.com', 15_500, '+639171110010');

    const unticked = await decidePayoutBatch(
      database.handle.db,
      { status: 'approved', payouts: [{ id: second.payout.id, amount: 15_500, flagged: false }] },
      database.admin,
      now,
    );
    expect(unticked.refused).toEqual([{ id: second.payout.id, code: 'stale', message: expect.stringContaining('Flagged') }]);

    const ticked = await decidePayoutBatch(
      database.handle.db,
      { status: 'approved', payouts: [{ id: second.payout.id, amount: 15_500, flagged: true }] },
      database.admin,
      now,
    );
    expect(ticked.decided.map((payout) => payout.id)).toEqual([second.payout.id]);
    // Declining needs no tick: the money goes back to the member.
    const declined = await decidePayoutBatch(
      database.handle.db,
      { status: 'declined', reason: 'Shared number', payouts: [{ id: first.payout.id, amount: 15_000, flagged: false }] },
      database.admin,
      now,
    );
    expect(declined.decided.map((payout) => payout.id)).toEqual([first.payout.id]);
    const note = await database.handle.db.selectFrom('payouts').select('note').where('id', '=', first.payout.id).executeTakeFirstOrThrow();
    expect(note.note).toBe('Shared number');
  });

  it('refuses the admin’s own payout and approves the rest', async () => {
    await database.handle.db.transaction().execute((trx) =>
      postToLedger(trx, {
        userId: database.admin.adminId,
        type: 'admin_adjustment',
        amount: 50_000,
        description: 'Opening',
        adminId: database.admin.adminId,
        createdAt: opened,
      }),
    );
    const own = await requestPayout(
      database.handle.db,
      database.admin.adminId,
      { paymentMethod: 'G-CASH', amount: 15_000, destination: { method: 'G-CASH', mobile: '+639171110020', accountName: 'Admin' } },
      { now: opened, deviceId: null },
    );
    const other = await pendingPayout('batch-other@example.com', 15_000, '+639171110021');
    const result = await decidePayoutBatch(
      database.handle.db,
      {
        status: 'approved',
        payouts: [
          { id: own.id, amount: 15_000, flagged: false },
          { id: other.payout.id, amount: 15_000, flagged: false },
        ],
      },
      database.admin,
      now,
    );
    expect(result.refused.map((refused) => refused.code)).toEqual(['own_payout']);
    expect(result.decided.map((payout) => payout.id)).toEqual([other.payout.id]);
  });

  it('decides each payout once when two admins send overlapping batches at the same moment', async () => {
    const payouts = await Promise.all(
      [0, 1, 2, 3].map((index) => pendingPayout(`batch-race-${index}@example.com`, 15_000 + index * 100, `+63917111003${index}`)),
    );
    const second = { adminId: (await insertUser(database.handle.db, { email: 'batch-admin-2@example.com' })).id, ip: '203.0.113.10' };
    const seen = payouts.map(({ payout }, index) => ({ id: payout.id, amount: 15_000 + index * 100, flagged: false }));
    const [approving, declining] = await Promise.all([
      decidePayoutBatch(database.handle.db, { status: 'approved', payouts: seen }, database.admin, now),
      decidePayoutBatch(database.handle.db, { status: 'declined', reason: 'Duplicate', payouts: [...seen].reverse() }, second, now),
    ]);

    expect(approving.decided.length + declining.decided.length).toBe(4);
    const refusedCodes = [...approving.refused, ...declining.refused].map((refused) => refused.code);
    expect(refusedCodes).toEqual(Array(4).fill('already_decided'));
    const ids = seen.map((payout) => payout.id);
    const decisions = await database.handle.db
      .selectFrom('transactions')
      .select('payoutId')
      .where('payoutId', 'in', ids)
      .where('type', 'in', ['payout_approved', 'payout_declined'])
      .execute();
    expect(decisions).toHaveLength(4);
  });
});

describe('the export of approved payouts and marking them sent', () => {
  it('lists each method’s unsent payouts and writes them as a CSV a spreadsheet cannot run', async () => {
    const injected = await pendingPayout('batch-export@example.com', 25_050, '+639171110040', '=HYPERLINK("http://x")');
    await decidePayoutBatch(
      database.handle.db,
      { status: 'approved', payouts: [{ id: injected.payout.id, amount: 25_050, flagged: false }] },
      database.admin,
      later,
    );

    const unsent = await listAllUnsentPayouts(database.handle.db, later);
    const gcash = unsent.methods.find((method) => method.method === 'G-CASH');
    expect(gcash?.payoutIds).toContain(injected.payout.id);
    expect(gcash?.count).toBe(gcash?.payoutIds.length);

    const file = await exportUnsentPayouts(database.handle.db, 'G-CASH', later.toISOString(), later);
    expect(file.filename).toBe('payouts-gcash-2026-11-20.csv');
    const lines = file.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Number,Name,Amount,Payout ID');
    expect(lines).toContain(`+639171110040,"'=HYPERLINK(""http://x"")",250.50,${injected.payout.id}`);
    expect(lines).toHaveLength(1 + (gcash?.count ?? 0));

    // A payout approved after the list was read waits for the next export.
    const before = await exportUnsentPayouts(database.handle.db, 'G-CASH', now.toISOString(), later);
    expect(before.body).not.toContain(injected.payout.id);
  });

  it('marks approved payouts sent once, with who and when, and skips the rest', async () => {
    const approved = await pendingPayout('batch-sent@example.com', 18_000, '+639171110050');
    const pending = await pendingPayout('batch-unsent@example.com', 18_000, '+639171110051');
    await decidePayoutBatch(
      database.handle.db,
      { status: 'approved', payouts: [{ id: approved.payout.id, amount: 18_000, flagged: false }] },
      database.admin,
      now,
    );

    const ids = [approved.payout.id, pending.payout.id, 'no-such-payout'];
    const first = await markPayoutsSent(database.handle.db, ids, database.admin, later);
    expect(first).toEqual({
      marked: [approved.payout.id],
      skipped: [
        { id: pending.payout.id, code: 'not_approved' },
        { id: 'no-such-payout', code: 'not_found' },
      ],
    });
    const row = await database.handle.db
      .selectFrom('payouts')
      .select(['sentAt', 'sentBy'])
      .where('id', '=', approved.payout.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sentAt: later, sentBy: database.admin.adminId });
    expect(await logsOf('mark_payout_sent', ids)).toEqual([{ targetId: approved.payout.id }]);

    const again = await markPayoutsSent(database.handle.db, [approved.payout.id], database.admin, later);
    expect(again).toEqual({ marked: [], skipped: [{ id: approved.payout.id, code: 'already_sent' }] });
    const unsent = await listAllUnsentPayouts(database.handle.db, later);
    expect(unsent.methods.flatMap((method) => method.payoutIds)).not.toContain(approved.payout.id);
  });
});
