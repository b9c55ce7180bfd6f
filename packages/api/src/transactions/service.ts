import {
  type AdminPageInput,
  type AdminTransaction,
  type FileOutput,
  formatAmount,
  signedAmount,
  type Transaction,
  type TransactionListInput,
  transactionSchema,
} from '@app/contracts';
import type { AppCaches, Db, UserRow } from '@app/db';
import { sql } from 'kysely';
import { csvStatement, statementCells } from '../lib/csv';
import { answerListOrPage, listOrPage } from '../lib/paging';
import { prepareAnswer } from '../lib/prepared';
import { inWindow, type ListRead, pageWindow, queueLength } from '../lib/queue';
import type { RequestScope } from '../lib/request-scope';
import { readOncePerUserRow } from '../lib/shared-read';

const signed = (centavos: number) => (centavos > 0 ? `+${formatAmount(centavos)}` : formatAmount(centavos));

/**
 * Ledger rows (`t`) with what their status shows: a ledger row never changes once written (its status is in
 * its hash, docs/product-rules.md#evidence), so a payout request's row shows its payout's status now.
 */
const ledgerRows = (db: Db) =>
  db.selectFrom('transactions as t').leftJoin('payouts as p', (join) => join.onRef('p.id', '=', 't.payoutId').on('t.type', '=', 'payout'));
const shownStatus = sql<string>`coalesce(p.status, t.status)`.as('status');

/** The member's transactions as the list call answers them: the latest 1000, one page, or the latest `limit`. */
export const transactionPages = listOrPage(transactionSchema);

export function answerTransactionList(
  ctx: { db: Db; caches: AppCaches; user: UserRow; req: Pick<RequestScope, 'setHeader'> },
  input: TransactionListInput,
) {
  const { limit } = input;
  if (limit === undefined) {
    return answerListOrPage(ctx, input, {
      read: (window) => listTransactions(ctx.db, ctx.user.id, window),
      // The count the member's row keeps with every posting, as this request's session holds the row.
      count: () => ({ total: Number(ctx.user.ledgerRows) }),
    });
  }
  // The latest few (the dashboard's), kept with the member's row (every ledger row writes it), and with
  // the task catalogue's version for the proofs' task titles.
  return readOncePerUserRow(ctx.user, `transactions:${limit}:${ctx.caches.tasks.version}`, async () =>
    prepareAnswer(transactionPages.list, await listTransactions(ctx.db, ctx.user.id, { limit })),
  );
}

/** A window of the member's ledger rows, newest first, each earning with its proof of view. */
async function listTransactions(db: Db, userId: string, window: { limit: number; offset?: number }): Promise<Transaction[]> {
  const rows = await ledgerRows(db)
    .leftJoin('taskViews as v', 'v.id', 't.taskViewId')
    .leftJoin('tasks as k', 'k.id', 'v.taskId')
    .select([
      't.id',
      't.type',
      't.description',
      shownStatus,
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

/**
 * The whole history, oldest first, with the available balance after each row; a referral bonus that is
 * pending, then released or withheld, shows in the last column (docs/product-rules.md#money-and-time).
 */
export async function transactionStatement(db: Db, userId: string, timeZone: string, now: Date): Promise<FileOutput> {
  const rows = await ledgerRows(db)
    .select((eb) => [
      't.id',
      't.createdAt',
      't.type',
      't.description',
      shownStatus,
      't.amount',
      't.availableDelta',
      't.bonusPendingDelta',
      eb.fn
        .sum<number>('t.availableDelta')
        .over((over) => over.orderBy('t.createdAt').orderBy('t.id'))
        .as('balanceAfter'),
    ])
    .where('t.userId', '=', userId)
    .orderBy('t.createdAt')
    .orderBy('t.id')
    .execute();
  return csvStatement(
    'statement',
    now,
    [
      'Date',
      'Time (UTC)',
      'Transaction ID',
      'Type',
      'Description',
      'Status',
      'Amount',
      'Balance change',
      'Available balance after',
      'Pending bonus change',
    ],
    rows.map((row) => [
      ...statementCells({ ...row, at: row.createdAt }, timeZone),
      signedAmount(formatAmount(row.amount), signed(row.availableDelta)),
      signed(row.availableDelta),
      formatAmount(Number(row.balanceAfter)),
      signed(row.bonusPendingDelta),
    ]),
  );
}

/** Every member's ledger rows, newest first, one page at a time (the panel's Transactions tab). */
export async function listAllTransactions(db: Db, input: AdminPageInput): Promise<ListRead<AdminTransaction>> {
  const [rows, total] = await Promise.all([
    ledgerRows(db)
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
        shownStatus,
      ])
      .orderBy('t.createdAt', 'desc')
      .orderBy('t.id', 'desc')
      .$call(inWindow(pageWindow(input)))
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
