import { checkBooks, type Db, summarizeBooks } from '@app/db';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';

/**
 * How large a ledger PGlite checks at start-up. PGlite runs one statement at a time, so the check holds
 * every request behind it: about 8 µs per ledger row (4 s for 500,000 rows, 136 MB), where 16 MB (some
 * 60,000 rows) keeps it under half a second. PostgreSQL runs it beside the requests, whatever the size.
 */
export const PGLITE_START_CHECK_MAX_LEDGER_BYTES = 16 * 1024 * 1024;

/**
 * The books check at start-up in development (`pnpm ledger:check` runs the same check): an info line
 * with what was read when the books are right, a warning listing every problem otherwise. It never
 * stops the start, not even when the check itself fails. With `maxLedgerBytes`, a larger ledger is not
 * checked, and the log says so.
 */
export async function logBooksCheck(db: Db, log: FastifyBaseLogger, options: { maxLedgerBytes?: number } = {}): Promise<void> {
  try {
    if (options.maxLedgerBytes !== undefined) {
      const { rows } = await sql<{ bytes: number }>`SELECT pg_relation_size('transactions') AS bytes`.execute(db);
      const ledgerBytes = Number(rows[0]?.bytes ?? 0);
      if (ledgerBytes > options.maxLedgerBytes) {
        log.info(
          { ledgerBytes },
          'Books check skipped at start-up: the ledger is too large to check without holding up requests; run pnpm ledger:check',
        );
        return;
      }
    }
    const report = await checkBooks(db);
    if (report.problems.length === 0) log.info({ counts: report.counts }, summarizeBooks(report));
    else log.warn({ counts: report.counts, problems: report.problems }, summarizeBooks(report));
  } catch (error) {
    log.warn({ err: error }, 'Books check could not run');
  }
}
