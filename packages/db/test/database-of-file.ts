import { afterAll, beforeAll } from 'vitest';
import { createTestDb, type TestDbHandle } from '../src/testing';

/**
 * A migrated database of the calling file's own (or its describe block's): made before its tests and closed
 * after them. The handle is returned at once and filled in before the first test.
 */
export function databaseOfFile(): TestDbHandle {
  const handle = {} as TestDbHandle;
  beforeAll(async () => {
    Object.assign(handle, await createTestDb());
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}
