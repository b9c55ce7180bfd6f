import { COMMISSION_PER_PAYOUT_CENTAVOS, COMMISSION_PER_UPGRADE_CENTAVOS } from '@app/contracts';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  appendAdminLog,
  type BookProblem,
  checkBooks,
  type Db,
  type DbHandle,
  insertUser,
  jsonb,
  postToLedger,
  rechainAdminLogs,
  rechainLedger,
  seedDemoData,
  summarizeBooks,
} from '../src';
import { createTestDb } from '../src/testing';

let handle: DbHandle;
let db: Db;
let history: Awaited<ReturnType<typeof writeConsistentHistory>>;

beforeEach(async () => {
  handle = await createTestDb();
  db = handle.db;
  history = await writeConsistentHistory();
});
afterEach(async () => {
  await handle.close();
});

const log = (adminId: string, action: string, targetId: string, details: Record<string, unknown> = {}) =>
  appendAdminLog(db, { adminId, action, targetId, details, ipAddress: '203.0.113.7' });

/**
 * Books that balance, written the way the services write them: demo data, an admin's balance edit, a
 * payout approved and one declined, VIP by payment proof approved and rejected, VIP bought with
 * earnings, a commission payout paid and a stats edit, each with its ledger, commission and log rows.
 */
async function writeConsistentHistory() {
  await seedDemoData(db);
  const admin = await insertUser(db, { email: 'books-admin@example.com', isAdmin: true });
  const member = await insertUser(db, { email: 'books-member@example.com' });

  const bonus = await db
    .transaction()
    .execute((trx) =>
      postToLedger(trx, { userId: member.id, type: 'admin_adjustment', amount: 100_000, description: 'Bonus', adminId: admin.id }),
    );
  await log(admin.id, 'update_balance', member.id, {
    previousBalance: '0.00',
    newBalance: '1000.00',
    adjustment: '1000.00',
    ledgerRowId: bonus.id,
  });
  // An edit to the balance the member already has writes a log row and no ledger row.
  await log(admin.id, 'update_balance', member.id, { previousBalance: '1000.00', newBalance: '1000.00', adjustment: '0.00' });

  const payoutIds: string[] = [];
  const decisionRows: string[] = [];
  for (const decision of ['approved', 'declined'] as const) {
    await db.transaction().execute(async (trx) => {
      const payout = await trx
        .insertInto('payouts')
        .values({
          userId: member.id,
          paymentMethod: 'G-CASH',
          amount: 20_000,
          paymentDetails: '0917',
          status: decision,
          decidedBy: admin.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      payoutIds.push(payout.id);
      await postToLedger(trx, { userId: member.id, type: 'payout', amount: 20_000, description: 'Payout', payoutId: payout.id });
      const type = decision === 'approved' ? 'payout_approved' : 'payout_declined';
      const row = await postToLedger(trx, {
        userId: member.id,
        type,
        amount: 20_000,
        description: decision,
        payoutId: payout.id,
        adminId: admin.id,
      });
      decisionRows.push(row.id);
      if (decision === 'approved') {
        await trx
          .insertInto('commissionEntries')
          .values({ kind: 'payout', sourceId: payout.id, amount: COMMISSION_PER_PAYOUT_CENTAVOS, description: 'Payout' })
          .execute();
      }
    });
  }
  const [approvedPayoutId = '', declinedPayoutId = ''] = payoutIds;
  const payoutDetails = { userId: member.id, amount: '200.00', paymentMethod: 'G-CASH' };
  await log(admin.id, 'approve_payout', approvedPayoutId, { ...payoutDetails, ledgerRowId: decisionRows[0] });
  await log(admin.id, 'decline_payout', declinedPayoutId, { ...payoutDetails, reason: 'Wrong number', ledgerRowId: decisionRows[1] });

  const vipRequest = (status: 'approved' | 'rejected', proof: string) =>
    db
      .insertInto('vipRequests')
      .values({ userId: member.id, planId: 'VIP300', paymentMethod: 'gcash', transactionProof: proof, price: 30_000, status })
      .returning('id')
      .executeTakeFirstOrThrow();
  const rejectedVip = await vipRequest('rejected', '1000000000001');
  await log(admin.id, 'reject_vip', member.id, { requestId: rejectedVip.id });
  const approvedVip = await vipRequest('approved', '1000000000002');
  await log(admin.id, 'approve_vip', member.id, { requestId: approvedVip.id });
  const boughtVip = await db
    .insertInto('vipRequests')
    .values({ userId: member.id, planId: 'VIP400', paymentMethod: 'earnings', price: 40_000, status: 'approved' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .transaction()
    .execute((trx) =>
      postToLedger(trx, { userId: member.id, type: 'vip_purchase', amount: 40_000, description: 'VIP 400', vipRequestId: boughtVip.id }),
    );
  for (const sourceId of [approvedVip.id, boughtVip.id]) {
    await db
      .insertInto('commissionEntries')
      .values({ kind: 'upgrade', sourceId, amount: COMMISSION_PER_UPGRADE_CENTAVOS, description: 'VIP upgrade' })
      .execute();
  }

  const editId = 'edit-1';
  const adjustment = await db
    .insertInto('commissionEntries')
    .values({ kind: 'adjustment', sourceId: `payout:${editId}`, amount: 300, description: 'Adjusted', createdBy: admin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await log(admin.id, 'update_commission_stats', editId, {
    before: { totalBalance: '20.00', upgradeEarnings: '10.00' },
    after: { totalBalance: '23.00', upgradeEarnings: '10.00' },
    commissionEntryIds: [adjustment.id],
  });
  // Earned: 10.00 + 2 x 5.00 + 3.00 = 23.00; the operator has been paid 5.00 of it.
  const commissionPayout = await db
    .insertInto('commissionPayouts')
    .values({ amount: 500, paymentMethod: 'G-CASH', accountDetails: '0917', status: 'paid' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await log(admin.id, 'pay_commission_payout', commissionPayout.id, { amount: '5.00', paymentMethod: 'G-CASH', notes: 'Paid' });

  const [approvalRowId = ''] = decisionRows;
  return {
    admin,
    member,
    approvedPayoutId,
    declinedPayoutId,
    approvalRowId,
    approvedVip,
    rejectedVip,
    boughtVip,
    commissionPayout,
    editId,
  };
}

const problemsOf = async () => (await checkBooks(db)).problems;
const problem = (kind: BookProblem['kind'], description: string): BookProblem => ({ kind, description });

/** A payout's ledger row of one type: its request ('payout') or its decision. */
const payoutLedgerRow = (payoutId: string, type: 'payout' | 'payout_declined') =>
  db.selectFrom('transactions').select(['id', 'seq']).where('payoutId', '=', payoutId).where('type', '=', type).executeTakeFirstOrThrow();

/** A completed view of the demo's first task by the member, credited or not. */
async function completedView(credited: boolean) {
  const task = await db.selectFrom('tasks').select('id').limit(1).executeTakeFirstOrThrow();
  const view = await db
    .insertInto('taskViews')
    .values({ userId: history.member.id, taskId: task.id, startedAt: new Date(), completedAt: new Date(), reward: 150 })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (credited) {
    await db
      .transaction()
      .execute((trx) =>
        postToLedger(trx, { userId: history.member.id, type: 'earning', amount: 150, description: 'Task', taskViewId: view.id }),
      );
  }
  return view.id;
}

describe('checkBooks', () => {
  it('finds nothing wrong in books kept the way the services keep them, and counts what it read', async () => {
    const report = await checkBooks(db);
    expect(report.problems).toEqual([]);
    expect(report.counts).toEqual({ users: 4, ledgerRows: 12, taskViews: 6, commissionEntries: 4, commissionPayouts: 1, adminLogs: 8 });
    expect(summarizeBooks(report)).toBe(
      'Books check: no problems in 4 users, 12 ledger rows, 6 task views, 4 commission entries, 1 commission payouts, 8 admin log rows.',
    );
  });

  it('reports a cached balance that differs from its ledger', async () => {
    await sql`UPDATE users SET total_paid_out = total_paid_out + 150 WHERE id = ${history.member.id}`.execute(db);
    const report = await checkBooks(db);
    expect(report.problems).toEqual([
      problem('balance-mismatch', `User ${history.member.id}: totalPaidOut is ₱201.50 but its ledger rows sum to ₱200.00`),
    ]);
    expect(summarizeBooks(report)).toMatch(/^Books check: 1 problems \(1 balance-mismatch\) in 4 users, /);
  });

  it('reports a cached completed-task count that differs from the earning rows', async () => {
    const { completedTasks } = await db
      .selectFrom('users')
      .select('completedTasks')
      .where('id', '=', history.member.id)
      .executeTakeFirstOrThrow();
    const earnings = Number(completedTasks);
    await sql`UPDATE users SET completed_tasks = completed_tasks + 1 WHERE id = ${history.member.id}`.execute(db);
    expect((await checkBooks(db)).problems).toEqual([
      problem('balance-mismatch', `User ${history.member.id}: completedTasks is ${earnings + 1} but the user has ${earnings} earning rows`),
    ]);
  });

  it('reports a balance below zero even where the ledger agrees with it', async () => {
    // The CHECK constraint refuses it on this schema; the check must still catch a database without it.
    await sql`ALTER TABLE users DROP CONSTRAINT users_pending_payout_check`.execute(db);
    await db
      .insertInto('transactions')
      .values({
        userId: history.member.id,
        type: 'payout_declined',
        amount: 500,
        description: 'Forged',
        pendingDelta: -500,
        availableDelta: 500,
      })
      .execute();
    await sql`UPDATE users SET pending_payout = pending_payout - 500, available_balance = available_balance + 500, ledger_rows = ledger_rows + 1 WHERE id = ${history.member.id}`.execute(
      db,
    );
    expect(await problemsOf()).toEqual([
      problem('negative-balance', `User ${history.member.id}: pendingPayout is -₱5.00, below zero`),
      // Written behind postToLedger's back, the forged row is outside the member's hash chain too.
      {
        kind: 'chain-broken',
        description: expect.stringMatching(new RegExp(`^Ledger of user ${history.member.id}: row .* is not chained$`)),
      },
    ]);
  });

  it('reports pending bonuses below zero', async () => {
    await sql`ALTER TABLE users DROP CONSTRAINT users_pending_bonuses_check`.execute(db);
    await sql`UPDATE users SET pending_bonuses = -500 WHERE id = ${history.member.id}`.execute(db);
    expect(await problemsOf()).toEqual([
      problem('balance-mismatch', `User ${history.member.id}: pendingBonuses is -₱5.00 but its ledger rows sum to ₱0.00`),
      problem('negative-balance', `User ${history.member.id}: pendingBonuses is -₱5.00, below zero`),
    ]);
  });

  it('reports a task view credited twice', async () => {
    const viewId = await completedView(true);
    // The unique index refuses it on this schema; the check must still catch a database without it.
    await sql`ALTER TABLE transactions DROP CONSTRAINT transactions_task_view_id_key`.execute(db);
    await db
      .transaction()
      .execute((trx) =>
        postToLedger(trx, { userId: history.member.id, type: 'earning', amount: 150, description: 'Again', taskViewId: viewId }),
      );
    expect(await problemsOf()).toEqual([problem('view-credit', `Task view ${viewId} is credited 2 times`)]);
  });

  it('reports earnings that credit no completed view of their member, or not its reward', async () => {
    const task = await db.selectFrom('tasks').select('id').limit(1).executeTakeFirstOrThrow();
    const openView = await db
      .insertInto('taskViews')
      .values({ userId: history.member.id, taskId: task.id, startedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const othersView = await db
      .insertInto('taskViews')
      .values({ userId: history.admin.id, taskId: task.id, startedAt: new Date(), completedAt: new Date(), reward: 150 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const earn = (taskViewId: string | undefined, amount = 150) =>
      db
        .transaction()
        .execute((trx) => postToLedger(trx, { userId: history.member.id, type: 'earning', amount, description: 'Task', taskViewId }));
    const noView = await earn(undefined);
    const unfinished = await earn(openView.id);
    const foreign = await earn(othersView.id);
    const ownView = await completedView(false);
    const wrongAmount = await earn(ownView, 999);

    const problems = await problemsOf();
    const earning = `of user ${history.member.id}`;
    expect(problems).toHaveLength(4);
    expect(problems).toEqual(
      expect.arrayContaining([
        problem('view-credit', `Earning ${noView.id} ${earning} has no task view`),
        problem('view-credit', `Earning ${unfinished.id} ${earning} credits task view ${openView.id}, which is not completed`),
        problem('view-credit', `Earning ${foreign.id} ${earning} credits task view ${othersView.id} of user ${history.admin.id}`),
        problem('view-credit', `Earning ${wrongAmount.id} ${earning} is ₱9.99 but its task view ${ownView} records ₱1.50`),
      ]),
    );
  });

  it('reports a completed view that was never credited', async () => {
    const viewId = await completedView(false);
    expect(await problemsOf()).toEqual([
      problem('view-credit', `Task view ${viewId} of user ${history.member.id} is completed but was never credited`),
    ]);
  });

  it('reports upgrades and approved payouts without exactly one commission entry of their amount', async () => {
    await db.deleteFrom('commissionEntries').where('sourceId', '=', history.approvedPayoutId).execute();
    await db.updateTable('commissionEntries').set({ amount: 700 }).where('sourceId', '=', history.boughtVip.id).execute();
    const problems = await problemsOf();
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(
      expect.arrayContaining([
        problem(
          'commission',
          `Approved payout ${history.approvedPayoutId} has 0 commission entries totalling ₱0.00; it earns exactly one of ₱10.00`,
        ),
        problem(
          'commission',
          `VIP upgrade ${history.boughtVip.id} has 1 commission entries totalling ₱7.00; it earns exactly one of ₱5.00`,
        ),
      ]),
    );
  });

  it('reports commission entries without the event that earns them', async () => {
    const entry = (kind: 'upgrade' | 'payout' | 'adjustment', sourceId: string | null) =>
      db
        .insertInto('commissionEntries')
        .values({ kind, sourceId, amount: 500, description: 'Forged' })
        .returning('id')
        .executeTakeFirstOrThrow();
    const forRejectedVip = await entry('upgrade', history.rejectedVip.id);
    const forDeclinedPayout = await entry('payout', history.declinedPayoutId);
    const unnamedAdjustment = await entry('adjustment', null);
    // The adjustment also lacks its stats-edit log row.
    const problems = (await problemsOf()).filter((p) => p.kind === 'commission');
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        problem('commission', `Commission entry ${forRejectedVip.id} (upgrade) has no approved VIP request ${history.rejectedVip.id}`),
        problem('commission', `Commission entry ${forDeclinedPayout.id} (payout) has no approved payout ${history.declinedPayoutId}`),
        problem('commission', `Commission adjustment ${unnamedAdjustment.id} names no figure (source none)`),
      ]),
    );
  });

  it('reports operator payouts beyond the commission earned, and an upgrade figure below zero', async () => {
    await db.insertInto('commissionPayouts').values({ amount: 1_801, paymentMethod: 'G-CASH', accountDetails: '0917' }).execute();
    await db
      .insertInto('commissionEntries')
      .values({ kind: 'adjustment', sourceId: 'upgrade:edit-2', amount: -1_100, description: 'Adjusted', createdBy: history.admin.id })
      .execute();
    await log(history.admin.id, 'update_commission_stats', 'edit-2', {
      before: { totalBalance: '-0.01', upgradeEarnings: '10.00' },
      after: { totalBalance: '-11.01', upgradeEarnings: '-1.00' },
    });
    expect(await problemsOf()).toEqual([
      problem('commission', 'Commission payouts requested (₱23.01) exceed the commission earned (₱12.00)'),
      problem('commission', 'The upgrade commission figure is -₱1.00, below zero'),
    ]);
  });

  it('reports each admin money move or decision that has no log row', async () => {
    const { admin, member } = history;
    await db
      .deleteFrom('adminLogs')
      .where('action', 'in', ['approve_payout', 'reject_vip', 'pay_commission_payout', 'update_commission_stats'])
      .execute();
    // A second adjustment by the same admin: two ledger rows, but only one logged edit that moved money.
    await db
      .transaction()
      .execute((trx) =>
        postToLedger(trx, { userId: member.id, type: 'admin_adjustment', amount: -100, description: 'Fix', adminId: admin.id }),
      );
    await db
      .transaction()
      .execute((trx) => postToLedger(trx, { userId: member.id, type: 'admin_adjustment', amount: 100, description: 'Opening balance' }));
    const problems = await problemsOf();
    expect(problems).toHaveLength(7);
    expect(problems).toEqual(
      expect.arrayContaining([
        // The log rows were deleted from the middle of the admin log's chain.
        { kind: 'chain-broken', description: expect.stringMatching(/^Admin log: a row before row #\d+ \(.*\) was removed$/) },
        problem('admin-log-missing', `User ${member.id} has 2 balance adjustments by admin ${admin.id} but 1 update_balance log rows`),
        problem('admin-log-missing', `User ${member.id} has 1 admin adjustments that name no admin`),
        problem('admin-log-missing', `Payout ${history.approvedPayoutId} is approved but has no approve_payout log row`),
        problem('admin-log-missing', `VIP request ${history.rejectedVip.id} is rejected but has no reject_vip log row`),
        problem('admin-log-missing', `Commission payout ${history.commissionPayout.id} is paid but has no pay_commission_payout log row`),
        expect.objectContaining({
          kind: 'admin-log-missing',
          description: expect.stringMatching(/^Commission adjustment .* has no update_commission_stats log row$/),
        }),
      ]),
    );
  });

  it('matches a VIP decision’s log row by its request, not only by its member', async () => {
    await db
      .updateTable('adminLogs')
      .set({ details: jsonb({ requestId: history.rejectedVip.id }) })
      .where('action', '=', 'approve_vip')
      .execute();
    expect(await problemsOf()).toEqual([
      problem('admin-log-missing', `VIP request ${history.approvedVip.id} is approved but has no approve_vip log row`),
      { kind: 'chain-broken', description: expect.stringMatching(/^Admin log: row #\d+ \(.*\) was changed: its hash does not match/) },
    ]);
  });
});

describe('admin log rows against the money they claim', () => {
  const mismatches = async () =>
    (await problemsOf()).filter((found) => found.kind === 'admin-log-mismatch').map((found) => found.description);
  /** Appends a log row and says how the check names it. */
  async function logged(action: string, targetId: string, details: Record<string, unknown>) {
    await log(history.admin.id, action, targetId, details);
    const row = await db.selectFrom('adminLogs').select(['id', 'seq']).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    return `Admin log row #${Number(row.seq)} (${row.id})`;
  }
  const adjust = (amount: number) =>
    db
      .transaction()
      .execute((trx) =>
        postToLedger(trx, { userId: history.member.id, type: 'admin_adjustment', amount, description: 'Edit', adminId: history.admin.id }),
      );
  const edit = (previousBalance: string, newBalance: string, extra: Record<string, unknown> = {}) => ({
    previousBalance,
    newBalance,
    adjustment: 'as typed',
    reason: 'Correction',
    ...extra,
  });

  it('reports a balance edit logged without its ledger row, by the row it names or by none', async () => {
    const { admin, member } = history;
    const unnamed = await logged('update_balance', member.id, edit('400.00', '405.00'));
    const missing = await logged('update_balance', member.id, edit('405.00', '410.00', { ledgerRowId: 'no-such-row' }));

    const claim = `update_balance by admin ${admin.id} of ₱5.00 for user ${member.id}`;
    expect(await mismatches()).toEqual([
      `${missing}: ${claim} names ledger row no-such-row, which does not exist`,
      `${unnamed}: ${claim} has no admin_adjustment ledger row of that amount by that admin`,
    ]);
  });

  it('reports a balance edit whose amounts disagree with its ledger row', async () => {
    const { admin, member } = history;
    const named = await adjust(500);
    const wrong = await logged('update_balance', member.id, edit('400.00', '406.00', { ledgerRowId: named.id }));
    // An older log row names no ledger row: it is matched with one of its amount that no log row names.
    await adjust(700);
    const older = await logged('update_balance', member.id, edit('406.00', '413.01'));
    const matched = await adjust(800);
    await logged('update_balance', member.id, edit('413.01', '421.01', { ledgerRowId: matched.id }));

    expect(await mismatches()).toEqual([
      `${wrong}: update_balance by admin ${admin.id} of ₱6.00 for user ${member.id} names ledger row ${named.id}, which records admin_adjustment by admin ${admin.id} of ₱5.00 for user ${member.id}`,
      `${older}: update_balance by admin ${admin.id} of ₱7.01 for user ${member.id} has no admin_adjustment ledger row of that amount by that admin`,
    ]);
  });

  it('reports payout decisions and held bonuses paid that no ledger row bears out, and two log rows for one ledger row', async () => {
    const { admin, approvedPayoutId, approvalRowId } = history;
    const again = await logged('approve_payout', approvedPayoutId, { amount: '200.00', ledgerRowId: approvalRowId });
    const declined = await logged('decline_payout', approvedPayoutId, { amount: '200.00' });
    const paid = await logged('pay_held_referral', 'referral-1', { amount: '50.00' });
    const first = await db
      .selectFrom('adminLogs')
      .select(['id', 'seq'])
      .where('action', '=', 'approve_payout')
      .orderBy('seq')
      .executeTakeFirstOrThrow();

    expect(await mismatches()).toEqual([
      `Admin log rows #${Number(first.seq)} (${first.id}) and ${again.replace('Admin log row ', '')} name the same ledger row ${approvalRowId}`,
      `${declined}: decline_payout by admin ${admin.id} of ₱200.00 for payout ${approvedPayoutId} has no payout_declined ledger row of that amount by that admin`,
      `${paid}: pay_held_referral by admin ${admin.id} of ₱50.00 for referral referral-1 has no referral_bonus ledger row of that amount by that admin`,
    ]);
  });

  it('reports commission stats edits and commission payout actions that their entries or payout do not bear out', async () => {
    const { commissionPayout, editId } = history;
    const sums = await logged('update_commission_stats', editId, {
      before: { totalBalance: '20.00', upgradeEarnings: '10.00' },
      after: { totalBalance: '25.00', upgradeEarnings: '10.00' },
    });
    const ids = await logged('update_commission_stats', editId, {
      before: { totalBalance: '20.00', upgradeEarnings: '10.00' },
      after: { totalBalance: '23.00', upgradeEarnings: '10.00' },
      commissionEntryIds: [],
    });
    const amount = await logged('approve_commission_payout', commissionPayout.id, { amount: '6.00' });
    const status = await logged('reject_commission_payout', commissionPayout.id, { amount: '5.00' });
    const nowhere = await logged('pay_commission_payout', 'no-such-payout', { amount: '5.00' });
    const [entry] = await db.selectFrom('commissionEntries').select('id').where('sourceId', '=', `payout:${editId}`).execute();

    expect(await mismatches()).toEqual([
      `${sums}: update_commission_stats ${editId} logs ₱5.00 more balance and ₱0.00 more upgrade earnings, but its commission entries add ₱3.00 and ₱0.00`,
      `${ids}: update_commission_stats ${editId} names commission entries [] but the edit's entries are [${entry?.id}]`,
      `${amount}: approve_commission_payout of ₱6.00 for commission payout ${commissionPayout.id}, which is ₱5.00 and paid`,
      `${status}: reject_commission_payout of ₱5.00 for commission payout ${commissionPayout.id}, which is ₱5.00 and paid`,
      `${nowhere}: pay_commission_payout of ₱5.00 for commission payout no-such-payout, which does not exist`,
    ]);
  });
});

describe('payouts against their ledger rows', () => {
  const payoutProblems = async () =>
    (await problemsOf()).filter((found) => found.kind === 'payout-changed').map((found) => found.description);

  /** A payout of the member's waiting for a decision, with its request's ledger row, as requestPayout writes them. */
  async function pendingPayout(amount = 5_000) {
    return db.transaction().execute(async (trx) => {
      const payout = await trx
        .insertInto('payouts')
        .values({
          userId: history.member.id,
          paymentMethod: 'G-CASH',
          amount,
          paymentDetails: '0917 123 4567',
          destination: 'mobile:+639171234567',
          details: jsonb({ number: '+639171234567' }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await postToLedger(trx, {
        userId: history.member.id,
        type: 'payout',
        amount,
        description: 'Payout',
        status: 'pending',
        payoutId: payout.id,
      });
      const { seq } = await trx.selectFrom('transactions').select('seq').where('id', '=', row.id).executeTakeFirstOrThrow();
      return { id: payout.id, rowText: `ledger row #${Number(seq)} (${row.id})` };
    });
  }
  const changedText = (payout: { id: string; rowText: string }) =>
    `Payout ${payout.id} of user ${history.member.id} was changed outside the application: it no longer matches what its ${payout.rowText} recorded (its details, destination, amount, status or decision)`;

  it('finds nothing wrong with payouts as the services write them, whoever else later uses their destination', async () => {
    await pendingPayout();
    // A trigger marks the payout once another account pays out to its destination: no change of the payout's.
    await db
      .insertInto('accountSignals')
      .values({ userId: history.admin.id, kind: 'destination', value: 'mobile:+639171234567' })
      .execute();
    const shared = await db.selectFrom('payouts').select('destinationShared').where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(shared.destinationShared).toBe(true);
    expect(await problemsOf()).toEqual([]);
  });

  it('reports a pending payout whose details, destination or amount were changed in the database, naming its ledger row', async () => {
    const typed = await pendingPayout();
    const read = await pendingPayout();
    const destination = await pendingPayout();
    const amount = await pendingPayout();
    await sql`UPDATE payouts SET payment_details = '0918 765 4321' WHERE id = ${typed.id}`.execute(db);
    await sql`UPDATE payouts SET details = '{"number": "+639187654321"}' WHERE id = ${read.id}`.execute(db);
    await sql`UPDATE payouts SET destination = 'mobile:+639187654321' WHERE id = ${destination.id}`.execute(db);
    await sql`UPDATE payouts SET amount = 4000 WHERE id = ${amount.id}`.execute(db);

    const problems = await payoutProblems();
    expect(problems).toHaveLength(5);
    expect(problems).toEqual(
      expect.arrayContaining([
        changedText(typed),
        changedText(read),
        changedText(destination),
        changedText(amount),
        `Payout ${amount.id} of user ${history.member.id} is ₱40.00 but its payout ${amount.rowText} is ₱50.00`,
      ]),
    );
  });

  it('reports a decision undone in the database, and a payout without the ledger rows of its request and decision', async () => {
    await sql`UPDATE payouts SET status = 'pending', decided_by = NULL, decided_at = NULL WHERE id = ${history.declinedPayoutId}`.execute(
      db,
    );
    const decision = await payoutLedgerRow(history.declinedPayoutId, 'payout_declined');
    const unbooked = await db
      .insertInto('payouts')
      .values({ userId: history.member.id, paymentMethod: 'G-CASH', amount: 5_000, paymentDetails: '0917', status: 'declined' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const problems = await payoutProblems();
    const member = `of user ${history.member.id}`;
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        changedText({ id: history.declinedPayoutId, rowText: `ledger row #${Number(decision.seq)} (${decision.id})` }),
        `Payout ${unbooked.id} ${member} has no payout request ledger row`,
        `Payout ${unbooked.id} ${member} is declined but has no payout_declined ledger row`,
      ]),
    );
  });
});

describe('tamper-evident chains', () => {
  const chainProblems = async () => (await problemsOf()).filter((found) => found.kind === 'chain-broken').map((found) => found.description);
  const memberRows = () =>
    db.selectFrom('transactions').select(['id', 'seq', 'hash']).where('userId', '=', history.member.id).orderBy('seq').execute();

  it('chains every ledger row written through postToLedger: 1, 2, 3… each hash its own', async () => {
    const rows = await memberRows();
    expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_row, index) => index + 1));
    expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
    const member = await db.selectFrom('users').select('ledgerHead').where('id', '=', history.member.id).executeTakeFirstOrThrow();
    expect(member.ledgerHead).toBe(rows.at(-1)?.hash);
    expect(await chainProblems()).toEqual([]);
  });

  it('names the ledger row whose amount was edited in the database, even with the balances fixed to match', async () => {
    const [, second] = await memberRows();
    await sql`UPDATE transactions SET amount = amount + 100000, available_delta = available_delta + 100000 WHERE id = ${second!.id}`.execute(
      db,
    );
    await sql`UPDATE users SET available_balance = available_balance + 100000 WHERE id = ${history.member.id}`.execute(db);
    expect(await chainProblems()).toEqual([
      `Ledger of user ${history.member.id}: row #2 (${second!.id}) was changed: its hash does not match its content and the row before it`,
    ]);
  });

  it('names the ledger row whose status was changed in the database', async () => {
    const request = await payoutLedgerRow(history.approvedPayoutId, 'payout');
    await sql`UPDATE transactions SET status = 'declined' WHERE id = ${request.id}`.execute(db);
    expect(await chainProblems()).toEqual([
      `Ledger of user ${history.member.id}: row #${Number(request.seq)} (${request.id}) was changed: its hash does not match its content and the row before it`,
    ]);
  });

  it('names the place of a ledger row removed from the middle, and a last row removed', async () => {
    const rows = await memberRows();
    await sql`DELETE FROM transactions WHERE id = ${rows[1]!.id}`.execute(db);
    expect(await chainProblems()).toEqual([`Ledger of user ${history.member.id}: a row before row #3 (${rows[2]!.id}) was removed`]);

    const other = await handle.db.selectFrom('users').select('id').where('email', '=', 'member@example.com').executeTakeFirstOrThrow();
    const last = await db
      .selectFrom('transactions')
      .select(['id', 'seq'])
      .where('userId', '=', other.id)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    await sql`DELETE FROM transactions WHERE id = ${last.id}`.execute(db);
    expect(await chainProblems()).toContain(
      `Ledger of user ${other.id}: its last row (#${Number(last.seq)}) was removed or changed: the member's ledger head no longer names row #${Number(last.seq) - 1}`,
    );
  });

  it('names an admin log row changed or removed', async () => {
    const logs = await db.selectFrom('adminLogs').select(['id', 'seq']).orderBy('seq').execute();
    expect(logs.map((row) => Number(row.seq))).toEqual(logs.map((_row, index) => index + 1));
    await sql`UPDATE admin_logs SET ip_address = '198.51.100.66' WHERE id = ${logs[0]!.id}`.execute(db);
    expect(await chainProblems()).toEqual([
      `Admin log: row #1 (${logs[0]!.id}) was changed: its hash does not match its content and the row before it`,
    ]);
  });

  it('names the last admin log row removed', async () => {
    const last = await db.selectFrom('adminLogs').select(['id', 'seq']).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    await sql`DELETE FROM admin_logs WHERE id = ${last.id}`.execute(db);
    expect(await chainProblems()).toEqual([
      `Admin log: its last row (#${Number(last.seq)}) was removed or changed: the chain's head no longer names row #${Number(last.seq) - 1}`,
    ]);
  });

  it('chains rows written in bulk the same way, and the chains check clean', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`UPDATE transactions SET seq = NULL, hash = NULL`.execute(trx);
      await sql`UPDATE admin_logs SET seq = NULL, hash = NULL`.execute(trx);
      await rechainLedger(trx);
      await rechainAdminLogs(trx);
    });
    expect(await chainProblems()).toEqual([]);
    // And a row written afterwards follows on from the bulk chain.
    await db
      .transaction()
      .execute((trx) => postToLedger(trx, { userId: history.member.id, type: 'admin_adjustment', amount: 1, description: 'After' }));
    await log(history.admin.id, 'update_balance', history.member.id, { previousBalance: '0.00', newBalance: '0.01', adjustment: '0.01' });
    expect(await chainProblems()).toEqual([]);
  });
});
