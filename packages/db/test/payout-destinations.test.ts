import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { insertUser } from '../src';
import { down, up } from '../src/migrations/0023_payout_destinations';
import { databaseOfFile } from './database-of-file';

const handle = databaseOfFile();

// Migrations are written against an untyped database: they outlive the table types of any one version.
const untyped = () => handle.db as unknown as Kysely<unknown>;

/** A payout as the earlier rule stored it, with the destination signal it left on the account. */
async function payoutAsFirstRead(userId: string, method: string, details: string, destination: string | null, createdAt: Date) {
  await handle.db
    .insertInto('payouts')
    .values({ userId, paymentMethod: method, amount: 20_000, paymentDetails: details, destination, createdAt })
    .execute();
  if (destination === null) return;
  await handle.db
    .insertInto('accountSignals')
    .values({ userId, kind: 'destination', value: destination, firstSeenAt: createdAt, lastSeenAt: createdAt })
    .onConflict((oc) => oc.columns(['userId', 'kind', 'value']).doNothing())
    .execute();
}

it('reads every earlier payout again: one wallet written several ways becomes one destination, the unreadable are flagged', async () => {
  await down(untyped());
  const [ring1, ring2, ring3, ring4, stranger] = await Promise.all(
    ['ring1', 'ring2', 'ring3', 'ring4', 'stranger'].map((name) => insertUser(handle.db, { email: `${name}@example.com` })),
  );
  const march = new Date('2026-03-01T02:00:00Z');
  const april = new Date('2026-04-01T02:00:00Z');
  // One wallet, written so that the earlier rule read four destinations (or none) out of it.
  await payoutAsFirstRead(ring1!.id, 'G-CASH', '09171234567 Ana Reyes', 'mobile:09171234567', march);
  await payoutAsFirstRead(ring1!.id, 'G-CASH', '09171234567 (ring1@mail.com)', 'email:ring1@mail.com', april);
  await payoutAsFirstRead(ring2!.id, 'G-CASH', '+63 (0) 917 123 4567', 'account:6309171234567', march);
  await payoutAsFirstRead(ring3!.id, 'G-CASH', '0917\u200b123\u200b4567', null, april);
  await payoutAsFirstRead(ring4!.id, 'PAYMAYA', '0063 917 123 4567 Ana', 'account:00639171234567', april);
  // Nothing can be told from these: the admin is told so.
  await payoutAsFirstRead(ring4!.id, 'G-CASH', 'alt 0917000xxxx / main 09171234567', 'mobile:09171234567', april);
  await payoutAsFirstRead(stranger!.id, 'G-CASH', '0917 123 4567 Ana \u202eReyes', 'mobile:09171234567', april);
  await payoutAsFirstRead(stranger!.id, 'BDO', 'BDO 001234599123456789', 'account:001234599123456789', april);

  await up(untyped());

  const payouts = await handle.db
    .selectFrom('payouts')
    .select(['userId', 'paymentDetails', 'details', 'destination', 'destinationShared'])
    .orderBy('createdAt')
    .orderBy('paymentDetails')
    .execute();
  const wallet = 'mobile:+639171234567';
  expect(payouts).toEqual(
    expect.arrayContaining([
      {
        userId: ring1!.id,
        paymentDetails: '09171234567 Ana Reyes',
        details: { method: 'G-CASH', mobile: '+639171234567', accountName: 'Ana Reyes' },
        destination: wallet,
        destinationShared: true,
      },
      {
        userId: ring1!.id,
        paymentDetails: '09171234567 (ring1@mail.com)',
        details: { method: 'G-CASH', mobile: '+639171234567' },
        destination: wallet,
        destinationShared: true,
      },
      {
        userId: ring2!.id,
        paymentDetails: '+63 (0) 917 123 4567',
        details: { method: 'G-CASH', mobile: '+639171234567' },
        destination: wallet,
        destinationShared: true,
      },
      {
        userId: ring3!.id,
        paymentDetails: '0917\u200b123\u200b4567',
        details: { method: 'G-CASH', mobile: '+639171234567' },
        destination: wallet,
        destinationShared: true,
      },
      {
        userId: ring4!.id,
        paymentDetails: '0063 917 123 4567 Ana',
        details: { method: 'PAYMAYA', mobile: '+639171234567', accountName: 'Ana' },
        destination: wallet,
        destinationShared: true,
      },
      {
        userId: ring4!.id,
        paymentDetails: 'alt 0917000xxxx / main 09171234567',
        details: null,
        destination: null,
        destinationShared: false,
      },
      { userId: stranger!.id, paymentDetails: '0917 123 4567 Ana \u202eReyes', details: null, destination: null, destinationShared: false },
      {
        userId: stranger!.id,
        paymentDetails: 'BDO 001234599123456789',
        details: { method: 'BDO', bank: 'BDO', accountNumber: '001234599123456789' },
        destination: 'account:001234599123456789',
        destinationShared: false,
      },
    ]),
  );
  expect(payouts).toHaveLength(8);

  const signals = await handle.db
    .selectFrom('accountSignals')
    .select(['userId', 'value', 'firstSeenAt', 'lastSeenAt'])
    .where('kind', '=', 'destination')
    .execute();
  expect(signals).toHaveLength(5);
  expect(signals).toEqual(
    expect.arrayContaining([
      { userId: ring1!.id, value: wallet, firstSeenAt: march, lastSeenAt: april },
      { userId: ring2!.id, value: wallet, firstSeenAt: march, lastSeenAt: march },
      { userId: ring3!.id, value: wallet, firstSeenAt: april, lastSeenAt: april },
      { userId: ring4!.id, value: wallet, firstSeenAt: april, lastSeenAt: april },
      { userId: stranger!.id, value: 'account:001234599123456789', firstSeenAt: april, lastSeenAt: april },
    ]),
  );
});
