import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { commitWithoutWaitingForDisk } from '../src';
import { databaseOfFile } from './database-of-file';

const handle = databaseOfFile();

const setting = sql<{ setting: string }>`select current_setting('synchronous_commit') as setting`;

it('lets only the transaction of its own statement commit without waiting for the disk', async () => {
  await handle.db.connection().execute(async (connection) => {
    const [before] = (await setting.execute(connection)).rows;
    const inside = await sql<{ setting: string }>`${setting} where ${commitWithoutWaitingForDisk}`.execute(connection);
    expect(inside.rows).toEqual([{ setting: 'off' }]);
    // The next statement on the same connection (a money change, say) waits for the disk again.
    expect((await setting.execute(connection)).rows).toEqual([before]);
    if (process.env.TEST_DATABASE_URL) expect(before).toEqual({ setting: 'on' });
  });
});
