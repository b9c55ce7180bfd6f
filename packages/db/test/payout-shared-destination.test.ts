import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Db, insertUser } from '../src';
import { databaseOfFile } from './database-of-file';

/**
 * payouts.destination_shared (migration 0015) against its rule: a payout whose destination another
 * account's signal holds is marked, whichever was written first, and also when both are written at once.
 */
describe('payouts to a shared destination', () => {
  const handle = databaseOfFile();

  /** What requestPayout writes, in its order: the payout, then the account's destination signal. */
  const payOut = (db: Db, userId: string, destination: string, pauseSeconds = 0) =>
    db.transaction().execute(async (trx) => {
      const payout = await trx
        .insertInto('payouts')
        .values({ userId, paymentMethod: 'G-CASH', amount: 15_000, paymentDetails: destination, destination })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (pauseSeconds) await sql`SELECT pg_sleep(${pauseSeconds})`.execute(trx);
      await trx
        .insertInto('accountSignals')
        .values({ userId, kind: 'destination', value: destination })
        .onConflict((oc) => oc.columns(['userId', 'kind', 'value']).doUpdateSet({ lastSeenAt: new Date() }))
        .execute();
      return payout.id;
    });

  const shared = async (ids: string[]) =>
    (await handle.db.selectFrom('payouts').select(['id', 'destinationShared']).where('id', 'in', ids).orderBy('id').execute()).map(
      (row) => row.destinationShared,
    );

  it('marks earlier and later payouts once a second account uses the destination', async () => {
    const db = handle.db;
    const [first, second] = [await insertUser(db, { email: 'dest-a@example.com' }), await insertUser(db, { email: 'dest-b@example.com' })];
    const own = await payOut(db, first.id, 'mobile:09170000001');
    const again = await payOut(db, first.id, 'mobile:09170000001');
    expect(await shared([own, again])).toEqual([false, false]);
    const theirs = await payOut(db, second.id, 'mobile:09170000001');
    expect(await shared([own, again, theirs])).toEqual([true, true, true]);
    const elsewhere = await payOut(db, second.id, 'mobile:09170000002');
    expect(await shared([elsewhere])).toEqual([false]);
  });

  it('marks both of two accounts paying out to a new destination at once', async () => {
    const db = handle.db;
    const members = [await insertUser(db, { email: 'dest-c@example.com' }), await insertUser(db, { email: 'dest-d@example.com' })];
    const ids = await Promise.all(members.map((member) => payOut(db, member.id, 'mobile:09170000003', 0.05)));
    expect(await shared(ids)).toEqual([true, true]);
  });
});
