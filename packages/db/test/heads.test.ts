import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendAdminLog, checkBooks, type Db, type DbHandle, postToLedger, rechainAdminLogs, rechainLedger, seedDemoData } from '../src';
import { type ChainHeads, parseChainHeads } from '../src/heads';
import { createTestDb } from '../src/testing';

/*
 * Heads exported off the database (docs/product-rules.md#evidence) against a ledger whose tail was rewritten
 * and chained anew with the database's own functions: the chains check clean, the heads do not.
 */

let handle: DbHandle;
let db: Db;
let member: { id: string };

beforeEach(async () => {
  handle = await createTestDb();
  db = handle.db;
  await seedDemoData(db);
  member = await db.selectFrom('users').select('id').where('email', '=', 'member@example.com').executeTakeFirstOrThrow();
  await appendAdminLog(db, { adminId: null, action: 'update_settings', targetId: null, details: { maintenance: true }, ipAddress: null });
});
afterEach(async () => {
  await handle.close();
});

const exportedAt = new Date('2026-11-20T04:00:00.000Z');
const exportHeads = async () => (await checkBooks(db, { exportHeadsAt: exportedAt })).heads as ChainHeads;
const problemsAgainst = async (heads: ChainHeads) => (await checkBooks(db, { knownHeads: heads })).problems;
const memberRows = () =>
  db.selectFrom('transactions').select(['id', 'seq', 'amount']).where('userId', '=', member.id).orderBy('seq').execute();

describe('chain heads kept off the database', () => {
  it('are each member’s latest row and the admin log’s, and match the books they were read from', async () => {
    const heads = await exportHeads();
    const rows = await memberRows();
    const last = await db.selectFrom('transactions').select('hash').where('id', '=', rows.at(-1)!.id).executeTakeFirstOrThrow();
    const log = await db.selectFrom('adminLogs').select(['seq', 'hash']).executeTakeFirstOrThrow();
    expect(heads).toEqual({
      exportedAt: exportedAt.toISOString(),
      members: [{ id: member.id, seq: rows.length, hash: last.hash }],
      adminLog: { seq: Number(log.seq), head: log.hash },
    });
    expect(parseChainHeads(JSON.stringify(heads))).toEqual(heads);
    // Rows written since are fine.
    await db
      .transaction()
      .execute((trx) => postToLedger(trx, { userId: member.id, type: 'referral_bonus_pending', amount: 1, description: 'Later' }));
    expect(await problemsAgainst(heads)).toEqual([]);
  });

  it('report a ledger tail rewritten and chained anew, which the chains alone no longer show', async () => {
    const heads = await exportHeads();
    const [, second] = await memberRows();
    // A superuser's rewrite: the amount of row #2 raised, every chain chained anew with the database's own
    // functions and the cached balances fixed to match, so every other check passes.
    await db.transaction().execute(async (trx) => {
      await sql`UPDATE transactions SET amount = amount + 10000, available_delta = available_delta + 10000, earnings_delta = earnings_delta + 10000 WHERE id = ${second!.id}`.execute(
        trx,
      );
      await sql`UPDATE task_views SET reward = reward + 10000 WHERE id = (SELECT task_view_id FROM transactions WHERE id = ${second!.id})`.execute(
        trx,
      );
      await sql`UPDATE users SET available_balance = available_balance + 10000, total_earnings = total_earnings + 10000 WHERE id = ${member.id}`.execute(
        trx,
      );
      await rechainLedger(trx);
    });
    expect((await checkBooks(db)).problems).toEqual([]);

    const rows = await memberRows();
    expect(await problemsAgainst(heads)).toEqual([
      {
        kind: 'head-mismatch',
        description: `Ledger of user ${member.id}: row #${rows.length} (${rows.at(-1)!.id}) no longer has the hash recorded in the heads exported at ${exportedAt.toISOString()}: the chain up to it was rewritten and chained anew`,
      },
    ]);
  });

  it('report a ledger or the admin log cut back and chained anew', async () => {
    const heads = await exportHeads();
    const rows = await memberRows();
    const last = rows.at(-1)!;
    await db.transaction().execute(async (trx) => {
      const view = sql`(SELECT task_view_id FROM transactions WHERE id = ${last.id})`;
      await sql`UPDATE task_views SET completed_at = NULL WHERE id = ${view}`.execute(trx);
      await sql`DELETE FROM transactions WHERE id = ${last.id}`.execute(trx);
      await sql`UPDATE users SET available_balance = available_balance - ${last.amount}, total_earnings = total_earnings - ${last.amount},
        ledger_rows = ledger_rows - 1, completed_tasks = completed_tasks - 1 WHERE id = ${member.id}`.execute(trx);
      await sql`DELETE FROM admin_logs`.execute(trx);
      await rechainLedger(trx);
      await rechainAdminLogs(trx);
    });

    const problems = await problemsAgainst(heads);
    const exported = `the heads exported at ${exportedAt.toISOString()}`;
    expect(problems).toEqual([
      {
        kind: 'head-mismatch',
        description: `Ledger of user ${member.id}: row #${rows.length}, recorded in ${exported}, is gone (the chain now ends at row #${rows.length - 1}): its tail was removed`,
      },
      {
        kind: 'head-mismatch',
        description: `Admin log: row #${heads.adminLog.seq}, recorded in ${exported}, is gone (the chain now ends at row #0): its tail was removed`,
      },
    ]);
  });

  it('refuse a file that does not hold heads, saying why', () => {
    expect(parseChainHeads('not json')).toEqual({ refused: 'it is not JSON' });
    expect(parseChainHeads('{"members": []}')).toEqual({ refused: 'it has no exportedAt time' });
    expect(
      parseChainHeads('{"exportedAt": "2026-11-20T04:00:00Z", "members": [{"id": "a"}], "adminLog": {"seq": 0, "head": null}}'),
    ).toEqual({
      refused: 'its members are not a list of { id, seq, hash }',
    });
    expect(parseChainHeads('{"exportedAt": "2026-11-20T04:00:00Z", "members": []}')).toEqual({
      refused: 'its adminLog is not { seq, head }',
    });
  });
});
