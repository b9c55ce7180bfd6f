import { checkBooks, type Db, summarizeBooks } from '@app/db';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The books check at start-up in development (`pnpm ledger:check` runs the same check): an info line
 * with what was read when the books are right, a warning listing every problem otherwise. It never
 * stops the start, not even when the check itself fails.
 */
export async function logBooksCheck(db: Db, log: FastifyBaseLogger): Promise<void> {
  try {
    const report = await checkBooks(db);
    if (report.problems.length === 0) log.info({ counts: report.counts }, summarizeBooks(report));
    else log.warn({ counts: report.counts, problems: report.problems }, summarizeBooks(report));
  } catch (error) {
    log.warn({ err: error }, 'Books check could not run');
  }
}
