import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DbHandle, insertUser } from '../src';
import { up } from '../src/migrations/0013_destinations_read_again';
import { createTestDb } from '../src/testing';

let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

/** A payout as the earlier rule stored it, with the destination signal it left on the account. */
async function payoutAsFirstRead(userId: string, details: string, destination: string | null, createdAt: Date) {
  await handle.db
    .insertInto('payouts')
    .values({ userId, paymentMethod: 'Bank', amount: 20_000, paymentDetails: details, destination, createdAt })
    .execute();
  if (destination === null) return;
  await handle.db
    .insertInto('accountSignals')
    .values({ userId, kind: 'destination', value: destination, firstSeenAt: createdAt, lastSeenAt: createdAt })
    .onConflict((oc) => oc.columns(['userId', 'kind', 'value']).doNothing())
    .execute();
}

it('unlinks strangers whose bank account numbers ended like one mobile number, links a number written another way, and keeps the rest', async () => {
  const [ana, ben, carla, dino] = await Promise.all(
    ['ana@example.com', 'ben@example.com', 'carla@example.com', 'dino@example.com'].map((email) => insertUser(handle.db, { email })),
  );
  const march = new Date('2026-03-01T02:00:00Z');
  const april = new Date('2026-04-01T02:00:00Z');
  // Both bank accounts end in 9123456789, which the earlier rule read as the mobile number 09123456789.
  await payoutAsFirstRead(ana!.id, 'BDO 001234599123456789', 'mobile:09123456789', march);
  await payoutAsFirstRead(ben!.id, 'Acct 5559123456789', 'mobile:09123456789', march);
  await payoutAsFirstRead(ben!.id, 'G-CASH 0912 345 6789', 'mobile:09123456789', april);
  await payoutAsFirstRead(carla!.id, '+63 917 123 4567', 'mobile:09171234567', april);
  // Carla's number written with slashes was read as a bare text, and with full-width digits as nothing.
  await payoutAsFirstRead(dino!.id, 'G-CASH 0917/123/4567', 'text:gcash09171234567', march);
  await payoutAsFirstRead(dino!.id, '０９１７ １２３ ４５６７', null, april);

  // Migrations are written against an untyped database: they outlive the table types of any one version.
  await up(handle.db as unknown as Kysely<unknown>);

  const payouts = await handle.db.selectFrom('payouts').select(['userId', 'paymentDetails', 'destination']).execute();
  expect(payouts).toHaveLength(6);
  expect(payouts).toEqual(
    expect.arrayContaining([
      { userId: ana!.id, paymentDetails: 'BDO 001234599123456789', destination: 'account:001234599123456789' },
      { userId: ben!.id, paymentDetails: 'Acct 5559123456789', destination: 'account:5559123456789' },
      { userId: ben!.id, paymentDetails: 'G-CASH 0912 345 6789', destination: 'mobile:09123456789' },
      { userId: carla!.id, paymentDetails: '+63 917 123 4567', destination: 'mobile:09171234567' },
      { userId: dino!.id, paymentDetails: 'G-CASH 0917/123/4567', destination: 'mobile:09171234567' },
      { userId: dino!.id, paymentDetails: '０９１７ １２３ ４５６７', destination: 'mobile:09171234567' },
    ]),
  );
  const signals = await handle.db
    .selectFrom('accountSignals')
    .select(['userId', 'value', 'firstSeenAt', 'lastSeenAt'])
    .where('kind', '=', 'destination')
    .execute();
  expect(signals).toHaveLength(5);
  expect(signals).toEqual(
    expect.arrayContaining([
      { userId: ana!.id, value: 'account:001234599123456789', firstSeenAt: march, lastSeenAt: march },
      { userId: ben!.id, value: 'account:5559123456789', firstSeenAt: march, lastSeenAt: march },
      { userId: ben!.id, value: 'mobile:09123456789', firstSeenAt: april, lastSeenAt: april },
      { userId: carla!.id, value: 'mobile:09171234567', firstSeenAt: april, lastSeenAt: april },
      { userId: dino!.id, value: 'mobile:09171234567', firstSeenAt: march, lastSeenAt: april },
    ]),
  );
});
