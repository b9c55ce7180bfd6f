import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertUser } from '../src';
import { down, up } from '../src/migrations/0022_sign_in_address_blocks';
import { databaseOfFile } from './database-of-file';

const handle = databaseOfFile();

it('gives sign-ins made before blocks were kept the block of their address: an IPv6 one by its /64', async () => {
  // Migrations are written against an untyped database: they outlive the table types of any one version.
  const untyped = handle.db as unknown as Kysely<unknown>;
  await down(untyped);
  const user = await insertUser(handle.db, { email: 'early-sign-ins@example.com' });
  const addresses = ['203.0.113.9', '2001:db8:5:6::1', '2001:DB8:5:6:ffff::2', '::ffff:203.0.113.9', '2001:db8:5:7::1'];
  for (const address of addresses) await sql`INSERT INTO sign_ins (user_id, address) VALUES (${user!.id}, ${address})`.execute(untyped);

  await up(untyped);

  const byAddress = (a: { address: string }, b: { address: string }) => (a.address < b.address ? -1 : 1);
  const rows = await handle.db.selectFrom('signIns').select(['address', 'addressBlock']).execute();
  expect(rows.sort(byAddress)).toEqual(
    [
      { address: '203.0.113.9', addressBlock: '203.0.113.9' },
      { address: '2001:db8:5:6::1', addressBlock: '2001:db8:5:6::/64' },
      { address: '2001:DB8:5:6:ffff::2', addressBlock: '2001:db8:5:6::/64' },
      { address: '::ffff:203.0.113.9', addressBlock: '203.0.113.9' },
      { address: '2001:db8:5:7::1', addressBlock: '2001:db8:5:7::/64' },
    ].sort(byAddress),
  );
  const { rows: indexes } = await sql<{ indexname: string }>`
    SELECT indexname FROM pg_indexes WHERE tablename = 'sign_ins' ORDER BY indexname
  `.execute(handle.db);
  expect(indexes.map((index) => index.indexname)).toEqual(['sign_ins_address_block_idx', 'sign_ins_pkey', 'sign_ins_user_idx']);
});
