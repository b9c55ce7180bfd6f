import { type FileOutput, formatAmount, staffMessages } from '@app/contracts';
import type { Db } from '@app/db';
import { csvStatement, statementCells } from '../lib/csv';
import { adjustedFigure, type EntryRow, FIGURE_NAMES } from './ledger';

const m = staffMessages.commission;

const ENTRY_TYPES: Record<EntryRow['kind'], string> = { upgrade: 'VIP upgrade', payout: 'Member payout', adjustment: 'Adjustment' };

interface StatementLine {
  at: Date;
  id: string;
  type: string;
  description: string;
  status: string;
  change: number;
}

/**
 * The commission ledger as CSV, oldest first, with the balance after each line: every earning and
 * adjustment, every payout request (taken from the balance when asked for), and the return of each
 * rejected one. Read in one snapshot, so the last balance is the dashboard's.
 */
export async function commissionStatement(db: Db, timeZone: string, now: Date): Promise<FileOutput> {
  const { entries, payouts } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      entries: await trx.selectFrom('commissionEntries').selectAll().execute(),
      payouts: await trx.selectFrom('commissionPayouts').selectAll().execute(),
    }));

  const lines: StatementLine[] = entries.map((entry) => ({
    at: entry.createdAt,
    id: entry.id,
    type:
      entry.kind === 'adjustment' ? `${ENTRY_TYPES.adjustment} (${FIGURE_NAMES[adjustedFigure(entry.sourceId)]})` : ENTRY_TYPES[entry.kind],
    description: entry.description,
    status: '',
    change: entry.amount,
  }));
  for (const payout of payouts) {
    const description = m.payoutDescription(payout.paymentMethod);
    lines.push({
      at: payout.requestedAt,
      id: payout.id,
      type: 'Commission payout',
      description,
      status: payout.status,
      change: -payout.amount,
    });
    if (payout.status === 'rejected' && payout.processedAt) {
      lines.push({
        at: payout.processedAt,
        id: payout.id,
        type: 'Commission payout rejected',
        description,
        status: payout.status,
        change: payout.amount,
      });
    }
  }
  lines.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));

  let balance = 0;
  const rows = lines.map((line) => {
    balance += line.change;
    return [...statementCells(line, timeZone), formatAmount(line.change), formatAmount(balance)];
  });
  return csvStatement(
    'commission-statement',
    now,
    ['Date', 'Time (UTC)', 'ID', 'Type', 'Description', 'Status', 'Amount', 'Balance after'],
    rows,
  );
}
