import { type DbHandle, insertUser, postToLedger } from '@app/db';
import { createTestDb } from '@app/db/testing';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logBooksCheck } from '../src/books-check';

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

/** A logger that records its info and warn calls. */
function recordingLogger() {
  const info = vi.fn();
  const warn = vi.fn();
  return { log: { info, warn } as unknown as FastifyBaseLogger, info, warn };
}

describe('the books check at start-up', () => {
  it('logs what it read at info when the books are right', async () => {
    await insertUser(handle.db, { email: 'clean@example.com' });
    const { log, info, warn } = recordingLogger();
    await logBooksCheck(handle.db, log);
    expect(warn).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ counts: expect.objectContaining({ users: 1 }) }),
      expect.stringMatching(/^Books check: no problems in 1 users, /),
    );
  });

  it('warns with every problem when they are wrong', async () => {
    const user = await insertUser(handle.db, { email: 'drift@example.com' });
    await sql`UPDATE users SET available_balance = 700 WHERE id = ${user.id}`.execute(handle.db);
    const { log, info, warn } = recordingLogger();
    await logBooksCheck(handle.db, log);
    expect(info).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        problems: [
          { kind: 'balance-mismatch', description: `User ${user.id}: availableBalance is ₱7.00 but its ledger rows sum to ₱0.00` },
        ],
      }),
      expect.stringMatching(/^Books check: 1 problems \(1 balance-mismatch\) in 2 users, /),
    );
  });

  it('skips a ledger larger than its limit, saying so, and checks one within it', async () => {
    const user = await insertUser(handle.db, { email: 'sized@example.com' });
    await handle.db
      .transaction()
      .execute((trx) => postToLedger(trx, { userId: user.id, type: 'admin_adjustment', amount: 100, description: 'Sized' }));

    const skipped = recordingLogger();
    await logBooksCheck(handle.db, skipped.log, { maxLedgerBytes: 0 });
    expect(skipped.info).toHaveBeenCalledWith(
      { ledgerBytes: expect.any(Number) },
      'Books check skipped at start-up: the ledger is too large to check without holding up requests; run pnpm ledger:check',
    );
    expect(skipped.info).toHaveBeenCalledTimes(1);

    const checked = recordingLogger();
    await logBooksCheck(handle.db, checked.log, { maxLedgerBytes: 1024 * 1024 * 1024 });
    // Earlier tests left problems behind (and this adjustment names no admin), so the check that ran warns.
    expect(checked.warn).toHaveBeenCalledWith(
      expect.objectContaining({ counts: expect.objectContaining({ ledgerRows: 1 }) }),
      expect.stringMatching(/^Books check: \d+ problems /),
    );
  });

  it('only warns when the check itself cannot run', async () => {
    const { log, warn } = recordingLogger();
    await sql`ALTER TABLE admin_logs RENAME TO admin_logs_elsewhere`.execute(handle.db);
    await expect(logBooksCheck(handle.db, log)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'Books check could not run');
  });
});
