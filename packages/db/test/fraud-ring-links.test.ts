import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import { insertUser } from '../src';
import { down, up } from '../src/migrations/0025_fraud_ring_links';
import { databaseOfFile } from './database-of-file';

const handle = databaseOfFile();

it('gives sign-ins from an IPv6 address that carries an IPv4 one the block of that IPv4 address, however it was written', async () => {
  // Migrations are written against an untyped database: they outlive the table types of any one version.
  const untyped = handle.db as unknown as Kysely<unknown>;
  await down(untyped);
  const user = await insertUser(handle.db, { email: 'mapped-sign-ins@example.com' });
  // Each with the block the rule before this migration gave it.
  const before = [
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::ffff:cb00:7109', '0:0:0:0::/64'],
    ['0000:0000:0000:0000:0000:FFFF:CB00:7109', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.9', '64:ff9b:0:0::/64'],
    ['64:ff9b:1::cb00:7109%eth0', '64:ff9b:1:0::/64'],
    ['2001:db8:5:6::1', '2001:db8:5:6::/64'],
  ];
  for (const [address, block] of before) {
    await sql`INSERT INTO sign_ins (user_id, address, address_block) VALUES (${user!.id}, ${address}, ${block})`.execute(untyped);
  }

  await up(untyped);

  const rows = await handle.db.selectFrom('signIns').select(['address', 'addressBlock']).where('userId', '=', user!.id).execute();
  const blocks = Object.fromEntries(rows.map((row) => [row.address, row.addressBlock]));
  expect(blocks).toEqual({
    '203.0.113.9': '203.0.113.9',
    '::ffff:203.0.113.9': '203.0.113.9',
    '::ffff:cb00:7109': '203.0.113.9',
    '0000:0000:0000:0000:0000:FFFF:CB00:7109': '203.0.113.9',
    '64:ff9b::203.0.113.9': '203.0.113.9',
    '64:ff9b:1::cb00:7109%eth0': '203.0.113.9',
    '2001:db8:5:6::1': '2001:db8:5:6::/64',
  });
});

it('keeps browser traits as signals, and puts every account that shares a device or a destination in line for its first cluster walk', async () => {
  const untyped = handle.db as unknown as Kysely<unknown>;
  await down(untyped);
  const [a, b, alone] = [
    await insertUser(handle.db, { email: 'cluster-backfill-a@example.com' }),
    await insertUser(handle.db, { email: 'cluster-backfill-b@example.com' }),
    await insertUser(handle.db, { email: 'cluster-backfill-alone@example.com' }),
  ];
  const signal = (userId: string, kind: string, value: string) =>
    sql`INSERT INTO account_signals (user_id, kind, value) VALUES (${userId}, ${kind}, ${value})`.execute(untyped);
  await signal(a!.id, 'device', 'backfill-shared');
  await signal(b!.id, 'device', 'backfill-shared');
  await signal(alone!.id, 'destination', 'email:alone@example.com');
  await expect(signal(a!.id, 'traits', 'f'.repeat(64))).rejects.toThrow();

  await up(untyped);

  const stale = await handle.db.selectFrom('staleClusters').select('userId').execute();
  expect(stale.map((row) => row.userId).sort()).toEqual([a!.id, b!.id].sort());
  await signal(a!.id, 'traits', 'f'.repeat(64));
  expect(await handle.db.selectFrom('accountClusters').selectAll().execute()).toEqual([]);
});
