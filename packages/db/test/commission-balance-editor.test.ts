import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertUser } from '../src';
import { jsonb } from '../src/json';
import { down, up } from '../src/migrations/0026_commission_balance_editor';
import { databaseOfFile } from './database-of-file';

const handle = databaseOfFile();

it('gives each payout still waiting for a decision the admin whose edit last changed the balance before it was asked for', async () => {
  // Migrations are written against an untyped database: they outlive the table types of any one version.
  const untyped = handle.db as unknown as Kysely<unknown>;
  await down(untyped);
  const ana = await insertUser(handle.db, { email: 'migration-editor-ana@example.com' });
  const ben = await insertUser(handle.db, { email: 'migration-editor-ben@example.com' });
  const edit = async (adminId: string, seq: number, at: string, before: string, after: string) => {
    const details = jsonb({ before: { totalBalance: before }, after: { totalBalance: after } });
    await sql`INSERT INTO admin_logs (admin_id, action, details, seq, created_at)
      VALUES (${adminId}, 'update_commission_stats', ${details}, ${seq}, ${at}::timestamptz)`.execute(untyped);
  };
  const payout = async (status: string, at: string) => {
    const { rows } = await sql<{
      id: string;
    }>`INSERT INTO commission_payouts (amount, payment_method, account_details, status, requested_at)
      VALUES (100, 'G-CASH', '0917', ${status}, ${at}::timestamptz) RETURNING id`.execute(untyped);
    return rows[0]!.id;
  };

  const beforeAnyEdit = await payout('pending', '2026-01-01T00:00:00Z');
  await edit(ana.id, 901, '2026-01-02T00:00:00Z', '10.00', '5010.00');
  const afterAna = await payout('approved', '2026-01-03T00:00:00Z');
  // Ben's edit changes nothing: Ana's stays the latest that changed the balance.
  await edit(ben.id, 902, '2026-01-04T00:00:00Z', '5010.00', '5010.00');
  const afterBensNothing = await payout('pending', '2026-01-05T00:00:00Z');
  await edit(ben.id, 903, '2026-01-06T00:00:00Z', '5010.00', '20.00');
  const afterBen = await payout('pending', '2026-01-07T00:00:00Z');
  // Decided already: nothing left to approve or pay.
  const paid = await payout('paid', '2026-01-07T00:00:00Z');
  const rejected = await payout('rejected', '2026-01-07T00:00:00Z');

  await up(untyped);

  const rows = await handle.db.selectFrom('commissionPayouts').select(['id', 'balanceEditedBy']).execute();
  const editorOf = Object.fromEntries(rows.map((row) => [row.id, row.balanceEditedBy]));
  expect([beforeAnyEdit, afterAna, afterBensNothing, afterBen, paid, rejected].map((id) => editorOf[id])).toEqual([
    null,
    ana.id,
    ana.id,
    ben.id,
    null,
    null,
  ]);
  const { rows: indexes } = await sql<{ indexname: string }>`
    SELECT indexname FROM pg_indexes WHERE tablename = 'admin_logs' AND indexname = 'admin_logs_commission_edits_idx'
  `.execute(handle.db);
  expect(indexes).toHaveLength(1);
});
