import { type DbHandle, insertUser } from '@app/db';
import { countStatements, createTestDb } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAdminStats } from '../src/stats/service';

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

describe('admin stats', () => {
  it('are counted once for everyone who asks while a count runs, and afresh after it', async () => {
    const counter = countStatements(handle.db);
    const countsRun = () => counter.statements().filter((statement) => statement === 'Select vip_requests').length;
    await insertUser(handle.db, { email: 'stats-first@example.com' });

    const together = await Promise.all(Array.from({ length: 20 }, () => readAdminStats(counter.db, new Date())));
    expect(countsRun()).toBe(1);
    expect(new Set(together).size).toBe(1);
    expect(together[0]).toMatchObject({ totalUsers: 1 });

    await insertUser(handle.db, { email: 'stats-second@example.com' });
    expect(await readAdminStats(counter.db, new Date())).toMatchObject({ totalUsers: 2 });
    expect(countsRun()).toBe(2);
  });
});
