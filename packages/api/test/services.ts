import { type Db, type DbHandle, insertUser, type UserRow } from '@app/db';
import { createTestDb } from '@app/db/testing';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AdminActor } from '../src/admin-log/service';
import { AppError } from '../src/lib/errors';

/**
 * What every service test file starts from (docs/testing.md#test-layers): a database of its own for the
 * file and an admin to act as. Read `database.handle` and `database.admin` inside tests.
 */
export function serviceDatabase(adminEmail: string): { handle: DbHandle; admin: AdminActor } {
  const database = {} as { handle: DbHandle; admin: AdminActor };
  beforeAll(async () => {
    database.handle = await createTestDb();
    const row = await insertUser(database.handle.db, { email: adminEmail });
    database.admin = { adminId: row.id, ip: '203.0.113.9' };
  });
  afterAll(async () => {
    await database.handle.close();
  });
  return database;
}

/** The AppError a service call was refused with (the test fails if it succeeded or threw anything else). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The named columns of a user's row as the database holds them now: what a service wrote to it. */
export function userColumns<C extends keyof UserRow>(db: Db, userId: string, columns: readonly C[]) {
  return db.selectFrom('users').select(columns).where('id', '=', userId).executeTakeFirstOrThrow();
}
