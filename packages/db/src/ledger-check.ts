import type { Db } from './create-db';

export interface LedgerDifference {
  userId: string;
  /**
   * A cached balance, or a cached count: `ledgerRows` (the user's ledger rows, which admin totals read) or
   * `completedTasks` (the user's earning rows, which the signed-in user shows).
   */
  column:
    | 'availableBalance'
    | 'pendingPayout'
    | 'totalEarnings'
    | 'referralEarnings'
    | 'totalPaidOut'
    | 'pendingBonuses'
    | 'ledgerRows'
    | 'completedTasks';
  cached: number;
  ledger: number;
}

/**
 * Recomputes every user's cached balances (and ledger and earning row counts) from the ledger and lists each one that differs.
 * An empty list means the books balance.
 */
export async function checkLedger(db: Db): Promise<LedgerDifference[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('transactions')
          .select((t) => [
            'userId',
            t.fn.countAll<number>().as('rows'),
            t.fn.countAll<number>().filterWhere('type', '=', 'earning').as('earningRows'),
            t.fn.sum<number>('availableDelta').as('available'),
            t.fn.sum<number>('pendingDelta').as('pending'),
            t.fn.sum<number>('earningsDelta').as('earnings'),
            t.fn.sum<number>('referralDelta').as('referral'),
            t.fn.sum<number>('paidOutDelta').as('paidOut'),
            t.fn.sum<number>('bonusPendingDelta').as('bonusPending'),
          ])
          .groupBy('userId')
          .as('l'),
      (join) => join.onRef('l.userId', '=', 'u.id'),
    )
    .select([
      'u.id',
      'u.availableBalance',
      'u.pendingPayout',
      'u.totalEarnings',
      'u.referralEarnings',
      'u.totalPaidOut',
      'u.pendingBonuses',
      'u.ledgerRows',
      'u.completedTasks',
      'l.rows',
      'l.earningRows',
      'l.available',
      'l.pending',
      'l.earnings',
      'l.referral',
      'l.paidOut',
      'l.bonusPending',
    ])
    .execute();

  const differences: LedgerDifference[] = [];
  for (const row of rows) {
    const pairs = [
      ['availableBalance', row.availableBalance, row.available],
      ['pendingPayout', row.pendingPayout, row.pending],
      ['totalEarnings', row.totalEarnings, row.earnings],
      ['referralEarnings', row.referralEarnings, row.referral],
      ['totalPaidOut', row.totalPaidOut, row.paidOut],
      ['pendingBonuses', row.pendingBonuses, row.bonusPending],
      ['ledgerRows', row.ledgerRows, row.rows],
      ['completedTasks', row.completedTasks, row.earningRows],
    ] as const;
    for (const [column, cached, ledger] of pairs) {
      const expected = Number(ledger ?? 0);
      if (Number(cached) !== expected) differences.push({ userId: row.id, column, cached: Number(cached), ledger: expected });
    }
  }
  return differences;
}
