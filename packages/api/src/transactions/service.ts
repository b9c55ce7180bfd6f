import { type AdminPageInput, type AdminTransaction, type FileOutput, formatAmount, signedAmount, type Transaction } from '@app/contracts';
import type { Db } from '@app/db';
import { csvStatement, statementCells } from '../lib/csv';
import { type ListRead, queueLength } from '../lib/queue';

const signed = (centavos: number) => (centavos > 0 ? `+${formatAmount(centavos)}` : formatAmount(centavos));

/** A window of the member's ledger rows, newest first, each earning with its proof of view. */
export async function listTransactions(db: Db, userId: string, window: { limit: number; offset?: number }): Promise<Transaction[]> {
  const rows = await db
    .selectFrom('transactions as t')
    .leftJoin('taskViews as v', 'v.id', 't.taskViewId')
    .leftJoin('tasks as k', 'k.id', 'v.taskId')
    .select([
      't.id',
      't.type',
      't.description',
      't.status',
      't.amount',
      't.availableDelta',
      't.createdAt',
      'v.taskId',
      'k.title as taskTitle',
      'v.startedAt',
      'v.completedAt',
      'v.secondsViewed',
    ])
    .where('t.userId', '=', userId)
    .orderBy('t.createdAt', 'desc')
    .orderBy('t.id', 'desc')
    .limit(window.limit)
    .offset(window.offset ?? 0)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    description: row.description,
    status: row.status,
    amount: formatAmount(row.amount),
    availableChange: signed(row.availableDelta),
    createdAt: row.createdAt.toISOString(),
    proof:
      row.taskId && row.startedAt && row.completedAt
        ? {
            taskId: row.taskId,
            taskTitle: row.taskTitle ?? '',
            startedAt: row.startedAt.toISOString(),
            completedAt: row.completedAt.toISOString(),
            secondsViewed: row.secondsViewed ?? 0,
          }
        : null,
  }));
}

/** The whole history, oldest first, with the available balance after each row. */
export async function transactionStatement(db: Db, userId: string, timeZone: string, now: Date): Promise<FileOutput> {
  const rows = await db
    .selectFrom('transactions')
    .select((eb) => [
      'id',
      'createdAt',
      'type',
      'description',
      'status',
      'amount',
      'availableDelta',
      eb.fn
        .sum<number>('availableDelta')
        .over((over) => over.orderBy('createdAt').orderBy('id'))
        .as('balanceAfter'),
    ])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return csvStatement(
    'statement',
    now,
    ['Date', 'Time (UTC)', 'Transaction ID', 'Type', 'Description', 'Status', 'Amount', 'Balance change', 'Available balance after'],
    rows.map((row) => [
      ...statementCells({ ...row, at: row.createdAt }, timeZone),
      signedAmount(formatAmount(row.amount), signed(row.availableDelta)),
      signed(row.availableDelta),
      formatAmount(Number(row.balanceAfter)),
    ]),
  );
}

/** Every member's ledger rows, newest first, one page at a time (the panel's Transactions tab). */
export async function listAllTransactions(db: Db, input: AdminPageInput): Promise<ListRead<AdminTransaction>> {
  const [rows, total] = await Promise.all([
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
    queueLength(db, 'admin-transactions', undefined, () =>
      db
        .selectFrom('users')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('ledgerRows'), eb.lit(0)).as('total'))
        .executeTakeFirstOrThrow(),
    ),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), amount: formatAmount(row.amount) })),
    total,
    members: [],
    validUntil: null,
  };
}
