import { FRAUD_LIMITS } from '@app/contracts';
import { insertUser } from '@app/db';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { clusterOf, inSameCluster, recomputeStaleClusters } from '../src/risk/clusters';
import { recordSignal, shownValue } from '../src/risk/service';
import { serviceDatabase } from './services';

/*
 * Clusters called directly on a database (docs/product-rules.md#fraud-rules): the walk over strong links,
 * its cap, the live check other rules ask, and the stored clusters, which concurrent recomputes leave as
 * the links are.
 */

let counter = 0;
const now = new Date('2026-11-20T04:00:00.000Z');
const database = serviceDatabase('cluster-services-admin@example.com');

async function members(count: number) {
  const made = [];
  for (let index = 0; index < count; index++) {
    counter += 1;
    made.push(await insertUser(database.handle.db, { email: `cluster-${counter}@example.com` }));
  }
  return made;
}

/** 64 hex digits, different for each label. */
const traits = (label: string) => label.padStart(64, '0').replace(/[^0-9a-f]/g, 'a');

/** The stored cluster id of each member (null: a cluster of one). */
async function storedClusters(ids: readonly string[]) {
  const rows = await database.handle.db.selectFrom('accountClusters').select(['userId', 'clusterId']).where('userId', 'in', ids).execute();
  return ids.map((id) => rows.find((row) => row.userId === id)?.clusterId ?? null);
}

describe('the cluster walk', () => {
  it('joins accounts transitively: one shares a device with a second, which shares a destination with a third', async () => {
    const [a, b, c, stranger] = await members(4);
    if (!a || !b || !c || !stranger) throw new Error('members not made');
    const db = database.handle.db;
    await recordSignal(db, a.id, 'device', 'walk-device-1', now);
    await recordSignal(db, b.id, 'device', 'walk-device-1', now);
    await recordSignal(db, b.id, 'destination', 'email:walk@example.com', now);
    await recordSignal(db, c.id, 'destination', 'email:walk@example.com', now);
    await recordSignal(db, stranger.id, 'device', 'walk-device-2', now);

    expect(await inSameCluster(db, a.id, c.id)).toBe(true);
    expect(await inSameCluster(db, c.id, a.id)).toBe(true);
    expect(await inSameCluster(db, a.id, stranger.id)).toBe(false);

    const cluster = await clusterOf(db, a.id, shownValue);
    expect(cluster.size).toBe(3);
    expect(cluster.capped).toBe(false);
    expect(cluster.members[0]?.userId).toBe(a.id);
    const tiesOf = (id: string) => cluster.members.find((member) => member.userId === id)?.ties;
    expect(tiesOf(a.id)).toEqual([{ kind: 'device', value: 'a device' }]);
    expect(tiesOf(b.id)).toEqual(
      expect.arrayContaining([
        { kind: 'device', value: 'a device' },
        { kind: 'destination', value: 'w***@example.com' },
      ]),
    );
    expect(tiesOf(c.id)).toEqual([{ kind: 'destination', value: 'w***@example.com' }]);

    // Stored as one cluster under its least member's id once recomputed; the stranger alone has no row.
    await recomputeStaleClusters(db, now);
    const least = [a.id, b.id, c.id].sort()[0];
    expect(await storedClusters([a.id, b.id, c.id, stranger.id])).toEqual([least, least, least, null]);
    expect(await db.selectFrom('staleClusters').select('userId').execute()).toEqual([]);
  });

  it('stops at the cap and says so', async () => {
    const db = database.handle.db;
    const cap = FRAUD_LIMITS.clusterMaxMembers;
    // 700 accounts; destination k is held by accounts 99k to 99k + 99, so each shares one account with the next.
    const { rows } = await sql<{ id: string }>`
      INSERT INTO users (email, referral_code)
      SELECT 'cap-' || i || '@example.com', 'CAP' || lpad(i::text, 5, '0') FROM generate_series(0, 699) AS i
      ORDER BY i RETURNING id
    `.execute(db);
    const ids = rows.map((row) => row.id);
    const destination = (k: number) => `email:cap-${k}@example.com`;
    const holdings = ids.flatMap((userId, index) => {
      const k = Math.floor(index / 99);
      const values = index % 99 === 0 && k > 0 ? [k, k - 1] : [k];
      return values.map((value) => ({ userId, kind: 'destination' as const, value: destination(value) }));
    });
    await db.insertInto('accountSignals').values(holdings).execute();

    const cluster = await clusterOf(db, ids[0] as string, shownValue);
    expect({ size: cluster.size, capped: cluster.capped, listed: cluster.members.length }).toEqual({
      size: cap,
      capped: true,
      listed: cap,
    });
    // The first five destinations reach accounts 0 to 495 before the cap; account 650 lies beyond it.
    expect(await inSameCluster(db, ids[0] as string, ids[495] as string)).toBe(true);
    expect(await inSameCluster(db, ids[0] as string, ids[650] as string)).toBe(false);
  });
});

describe('browser traits', () => {
  it('tie up to five accounts, and a sixth holder splits what only they joined, keeping what a device joins', async () => {
    const db = database.handle.db;
    const holders = await members(6);
    const ids = holders.map((holder) => holder.id);
    const [first, second, , , fifth, sixth] = ids as [string, string, string, string, string, string];
    await recordSignal(db, first, 'device', 'traits-test-device', now);
    await recordSignal(db, second, 'device', 'traits-test-device', now);
    for (const id of ids.slice(0, 5)) await recordSignal(db, id, 'traits', traits('phone'), now);
    await recomputeStaleClusters(db, now);
    const five = [...ids.slice(0, 5)].sort()[0];
    expect(await storedClusters(ids)).toEqual([five, five, five, five, five, null]);
    expect(await inSameCluster(db, first, fifth)).toBe(true);

    // A sixth account with the same traits: a common phone model, which ties nobody.
    await recordSignal(db, sixth, 'traits', traits('phone'), now);
    expect(await inSameCluster(db, first, fifth)).toBe(false);
    await recomputeStaleClusters(db, now);
    const pair = [first, second].sort()[0];
    expect(await storedClusters(ids)).toEqual([pair, pair, null, null, null, null]);
    expect((await clusterOf(db, sixth, shownValue)).size).toBe(1);
  });
});

describe('stored clusters', () => {
  it('end as the links are, whatever order concurrent recomputes run in', async () => {
    const db = database.handle.db;
    const accounts = (await members(12)).map((account) => account.id);
    // Pairs by device, the pairs chained by destinations, and one traits value shared by three.
    const signals: [number, 'device' | 'destination' | 'traits', string][] = [
      [0, 'device', 'race-d1'],
      [1, 'device', 'race-d1'],
      [2, 'device', 'race-d2'],
      [3, 'device', 'race-d2'],
      [1, 'destination', 'email:race-1@example.com'],
      [2, 'destination', 'email:race-1@example.com'],
      [4, 'device', 'race-d3'],
      [5, 'device', 'race-d3'],
      [6, 'traits', traits('race')],
      [7, 'traits', traits('race')],
      [8, 'traits', traits('race')],
      [9, 'destination', 'email:race-2@example.com'],
      [10, 'destination', 'email:race-2@example.com'],
      [10, 'device', 'race-d4'],
      [11, 'device', 'race-d4'],
    ];
    await Promise.all(
      signals.map(async ([index, kind, value]) => {
        const id = accounts[index] as string;
        await db.transaction().execute((trx) => recordSignal(trx, id, kind, value, now));
        await recomputeStaleClusters(db, now);
      }),
    );
    await recomputeStaleClusters(db, now);

    const groups = [
      [0, 1, 2, 3],
      [4, 5],
      [6, 7, 8],
      [9, 10, 11],
    ].map((group) => group.map((index) => accounts[index] as string));
    const expected = groups.flatMap((group) => group.map(() => [...group].sort()[0]));
    expect(await storedClusters(groups.flat())).toEqual(expected);
    for (const group of groups) expect((await clusterOf(db, group[0] as string, shownValue)).size).toBe(group.length);
    expect(await db.selectFrom('staleClusters').select('userId').execute()).toEqual([]);
  });

  it('are stored whole when many accounts join one cluster at once, each walking it from its own end', async () => {
    const db = database.handle.db;
    const core = (await members(10)).map((account) => account.id);
    for (const id of core) await recordSignal(db, id, 'destination', 'email:crowd@example.com', now);
    await recomputeStaleClusters(db, now);
    const joiners = (await members(20)).map((account) => account.id);
    await Promise.all(
      joiners.map(async (id, index) => {
        const device = `crowd-device-${index}`;
        await db.transaction().execute(async (trx) => {
          await recordSignal(trx, core[index % core.length] as string, 'device', device, now);
          await recordSignal(trx, id, 'device', device, now);
        });
        await recomputeStaleClusters(db, now);
      }),
    );
    const everyone = [...core, ...joiners];
    const least = [...everyone].sort()[0];
    expect(await storedClusters(everyone)).toEqual(everyone.map(() => least));
  });
});
