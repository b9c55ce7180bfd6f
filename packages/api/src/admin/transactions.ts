import { type AdminPageInput, type AdminTransaction, formatAmount } from '@app/contracts';
import type { Db } from '@app/db';

/** Every member's ledger rows, newest first, one page at a time (the panel's Transactions tab). */
export async function listAllTransactions(db: Db, input: AdminPageInput): Promise<{ items: AdminTransaction[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('transactions as t')
      .innerJoin('users as u', 'u.id', 't.userId')
      .select((eb) => [
        't.id',
        't.createdAt',
        't.userId',
        'u.email as userEmail',
        't.type',
        't.description',
        eb.fn.coalesce('t.reference', 't.payoutId', 't.vipRequestId').as('transactionReference'),
        't.amount',
        't.status',
      ])
      .orderBy('t.createdAt', 'desc')
      .orderBy('t.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    // Each user's count of ledger rows, summed: counting the ledger itself reads every row of it.
    db
      .selectFrom('users')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('ledgerRows'), eb.lit(0)).as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), amount: formatAmount(row.amount) })),
    total: Number(count.total),
  };
}
